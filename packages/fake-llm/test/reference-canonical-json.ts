/**
 * The canonical JSON of a request's block as the prompt cache first wrote it, for tests to compare with: keys
 * sorted, `cache_control` left out at any depth, by JSON.stringify with a replacer.
 */
export function referenceCanonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) => {
    if (typeof nested !== 'object' || nested === null || Array.isArray(nested)) return nested;
    const sorted: Record<string, unknown> = {};
    for (const name of Object.keys(nested).sort()) {
      const field = (nested as Record<string, unknown>)[name];
      // A field named __proto__ (JSON.parse makes one) stays a field: an assignment would set the prototype.
      if (name === '__proto__') Object.defineProperty(sorted, name, { value: field, enumerable: true });
      else if (name !== 'cache_control') sorted[name] = field;
    }
    return sorted;
  });
}
