const identifier = /^[A-Za-z_$][\w$]*$/;

/** Writes a field path the way it reads in a spec: `tools[0].responses[1].times`; `(root)` when empty. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') {
      text += `[${segment}]`;
    } else {
      const name = String(segment);
      text += identifier.test(name) ? `${text === '' ? '' : '.'}${name}` : `[${JSON.stringify(name)}]`;
    }
  }
  return text === '' ? '(root)' : text;
}
