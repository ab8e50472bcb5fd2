/** Whether two values parsed from JSON are the same JSON value, fields in the same order. */
export function isSameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index += 1) {
      if (!isSameJson(left[index], right[index])) return false;
    }
    return true;
  }
  if (Array.isArray(right)) return false;
  const leftFields = Object.keys(left);
  const rightFields = Object.keys(right);
  if (leftFields.length !== rightFields.length) return false;
  for (let index = 0; index < leftFields.length; index += 1) {
    const field = leftFields[index] as string;
    if (field !== rightFields[index]) return false;
    if (!isSameJson((left as Record<string, unknown>)[field], (right as Record<string, unknown>)[field]))
      return false;
  }
  return true;
}
