const placeholder = /\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g;

/**
 * Replaces each `{{name}}` in every string of a JSON value (objects and lists, deeply) with `values[name]`; a
 * name without a value becomes the empty string. Prompts fill in their arguments this way, resource templates
 * their URI variables, an elicitation's `accept` answer the fields the user filled in.
 */
export function fillPlaceholders<Value>(value: Value, values: Readonly<Record<string, string>>): Value {
  return fill(value, values) as Value;
}

function fill(value: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    return value.replace(placeholder, (_text, name: string) => values[name] ?? '');
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fill(item, values));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, values)]));
  }
  return value;
}

/** The names of the `{{name}}` placeholders in every string of a JSON value, each once, in order. */
export function listPlaceholders(value: unknown): string[] {
  const names = new Set<string>();
  const visit = (item: unknown): void => {
    if (typeof item === 'string') {
      for (const found of item.matchAll(placeholder)) if (found[1] !== undefined) names.add(found[1]);
    } else if (Array.isArray(item)) {
      item.forEach(visit);
    } else if (typeof item === 'object' && item !== null) {
      Object.values(item).forEach(visit);
    }
  };
  visit(value);
  return [...names];
}

/** Text values of placeholders: lists (a URI template's exploded variables, multi-selects) join with commas. */
export function toPlaceholderValues(
  values: Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>,
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    texts[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return texts;
}
