/** `1 tool call`, `3 tool calls`: a count with its noun, for messages people read. */
export function countNoun(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
