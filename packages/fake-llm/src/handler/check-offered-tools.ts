/** Compares the tools a request offered with a step's `expectTools`; says what differs, or nothing. */
export function checkOfferedTools(options: {
  toolNames: string[];
  expectTools: boolean | string[] | undefined;
}): string | undefined {
  const { toolNames, expectTools } = options;
  const offered = toolNames.length === 0 ? 'none' : toolNames.join(', ');
  if (expectTools === undefined) return undefined;
  if (expectTools === false && toolNames.length > 0)
    return `The step expects no tools, but the request offered ${offered}.`;
  if (expectTools === true && toolNames.length === 0)
    return 'The step expects tools, but the request offered none.';
  if (Array.isArray(expectTools)) {
    const expected = [...expectTools].sort();
    const actual = [...toolNames].sort();
    if (JSON.stringify(expected) !== JSON.stringify(actual)) {
      return `The step expects the tools ${expected.length === 0 ? 'none' : expected.join(', ')}, but the request offered ${offered}.`;
    }
  }
  return undefined;
}
