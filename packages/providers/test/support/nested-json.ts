/** JSON text of arrays nested `depth` levels deep: `[[[…]]]`. */
export function nestArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** JSON text of objects nested `depth` levels deep: `{"a":{"a":…{}}}`. */
export function nestObjects(depth: number): string {
  return '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
}
