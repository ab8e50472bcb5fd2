/**
 * The section of a guide that shows the example file `path` (`examples/src/cost/budget.ts`): the code block after
 * the file's name, and the output block after "It prints:".
 */
export function readDocSection(
  guide: string,
  path: string,
): { code: string | undefined; output: string | undefined } {
  const start = guide.indexOf(`\`${path}\`:`);
  const match = /```ts\n([\s\S]*?)```\n\nIt prints:\n\n```text\n([\s\S]*?)```/.exec(guide.slice(start));
  return { code: start === -1 ? undefined : match?.[1], output: match?.[2] };
}
