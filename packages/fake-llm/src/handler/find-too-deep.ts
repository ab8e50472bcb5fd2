/**
 * How deep a request body's objects and arrays may nest, the body itself being level 1. The limit is the fake's
 * own, as `maxRequestBytes` is: the real APIs do not document theirs. It leaves room for any request a client
 * builds (toolloop lets a tool's schema nest 256 levels, inside a body's few) at about half the depth where the
 * first of the fake's checks, which walk a body recursively, runs out of stack (a Converse request, near 950
 * levels on Node 20).
 */
export const maxRequestDepth = 512;

/**
 * The path (field names and indexes) to the first object or array of `value`, a value as `JSON.parse` makes them,
 * past `limit` levels; `undefined` when it nests no deeper. The walk goes no deeper than `limit`, so any body is
 * safe to ask about, and allocates nothing unless it finds one.
 */
export function findTooDeep(value: unknown, limit: number): Array<string | number> | undefined {
  const path = walk(value, limit);
  return path?.reverse();
}

/** The path from `value` to its first container past `levelsLeft` levels, innermost first. */
function walk(value: unknown, levelsLeft: number): Array<string | number> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (levelsLeft === 0) return [];
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const path = walk(value[index], levelsLeft - 1);
      if (path !== undefined) {
        path.push(index);
        return path;
      }
    }
    return undefined;
  }
  for (const key in value) {
    const path = walk((value as Record<string, unknown>)[key], levelsLeft - 1);
    if (path !== undefined) {
      path.push(key);
      return path;
    }
  }
  return undefined;
}
