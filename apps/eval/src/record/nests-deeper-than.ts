/**
 * How deep the objects and arrays of a recorded JSON value may nest (the value itself is level 1): room for a
 * request that carries a tool schema at the MCP client's own limit (256 levels) inside its body, and well below
 * what breaks on the way through a replay. Measured on Node 20 with its default stack: zod's `z.json()`
 * overflows near 1,300 levels, `structuredClone` near 1,900, the drift check's stable JSON near 2,350.
 */
export const maxRecordedDepth = 512;

/** Whether a JSON value nests deeper than `levels`; walked without recursion, so that any depth is safe. */
export function nestsDeeperThan({ value, levels }: { value: unknown; levels: number }): boolean {
  const containers: Array<{ container: object; level: number }> = [];
  const visit = (item: unknown, level: number) => {
    if (typeof item === 'object' && item !== null) containers.push({ container: item, level });
  };
  visit(value, 1);
  for (let next = containers.pop(); next !== undefined; next = containers.pop()) {
    if (next.level > levels) return true;
    for (const item of Object.values(next.container)) visit(item, next.level + 1);
  }
  return false;
}
