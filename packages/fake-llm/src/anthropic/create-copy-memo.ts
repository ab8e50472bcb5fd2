import { isKeptCopy } from './copy-frozen.js';

/**
 * A memo of what is worked out from a value: kept with the value as long as it lives when the value is one of
 * the fake's copies, worked out again each time for any other value.
 */
export function createCopyMemo<Result>(): (value: unknown, work: () => Result) => Result {
  const results = new WeakMap<object, Result>();
  return (value, work) => {
    if (!isKeptCopy(value)) return work();
    if (results.has(value)) return results.get(value) as Result;
    const result = work();
    results.set(value, result);
    return result;
  };
}
