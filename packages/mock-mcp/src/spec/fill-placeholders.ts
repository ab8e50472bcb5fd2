const placeholder = /\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g;
/** A placeholder that may name a field of a value: `{{user.name}}`. */
const dottedPlaceholder = /\{\{\s*([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)?)\s*\}\}/g;

/**
 * Replaces each `{{name}}` in every string of a JSON value (objects and lists, deeply) with `values[name]`; a
 * name without a value becomes the empty string. Prompts fill in their arguments this way, resource templates
 * their URI variables, an elicitation's `accept` answer the fields the user filled in.
 */
export function fillPlaceholders<Value>(value: Value, values: Readonly<Record<string, string>>): Value {
  return fill({ value, values, pattern: placeholder }) as Value;
}

/**
 * As `fillPlaceholders` (with `dotted`, `fillAnswerPlaceholders`), but a placeholder without a value is left as it
 * is, for the answers to fill later.
 */
export function fillKnownPlaceholders<Value>(
  value: Value,
  values: Readonly<Record<string, string>>,
  options: { dotted?: boolean } = {},
): Value {
  return fill({
    value,
    values,
    pattern: options.dotted === true ? dottedPlaceholder : placeholder,
    missing: (name) => `{{${name}}}`,
  }) as Value;
}

/** Text between `{{` and `}}` that is no placeholder name (`{{a b}}`, `{{who.2fa}}`), each once. */
export function listMalformedPlaceholders(value: unknown): string[] {
  const texts = new Set<string>();
  const valid = new RegExp(`^${dottedPlaceholder.source}$`, 'u');
  const visit = (item: unknown): void => {
    if (typeof item === 'string') {
      for (const found of item.matchAll(/\{\{[^{}]*\}\}/gu)) if (!valid.test(found[0])) texts.add(found[0]);
    } else if (Array.isArray(item)) {
      item.forEach(visit);
    } else if (typeof item === 'object' && item !== null) {
      Object.values(item).forEach(visit);
    }
  };
  visit(value);
  return [...texts];
}

/**
 * As `fillPlaceholders`, for the answers to a round of questions: `{{name}}` is an answer, `{{name.field}}` a
 * field of one (`values` holds both kinds of names).
 */
export function fillAnswerPlaceholders<Value>(value: Value, values: Readonly<Record<string, string>>): Value {
  return fill({ value, values, pattern: dottedPlaceholder }) as Value;
}

function fill(options: {
  value: unknown;
  values: Readonly<Record<string, string>>;
  pattern: RegExp;
  /** What a placeholder without a value becomes; default the empty string. */
  missing?: (name: string) => string;
}): unknown {
  const { value, values, pattern, missing = () => '' } = options;
  if (typeof value === 'string') {
    return value.replace(pattern, (_text, name: string) =>
      Object.hasOwn(values, name) ? (values[name] ?? '') : missing(name),
    );
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fill({ ...options, value: item }));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fill({ ...options, value: item })]),
    );
  }
  return value;
}

/**
 * The names of the `{{name}}` placeholders in every string of a JSON value, each once, in order (with
 * `dotted`, `{{name.field}}` too).
 */
export function listPlaceholders(value: unknown, options: { dotted?: boolean } = {}): string[] {
  const names = new Set<string>();
  const pattern = options.dotted === true ? dottedPlaceholder : placeholder;
  const visit = (item: unknown): void => {
    if (typeof item === 'string') {
      for (const found of item.matchAll(pattern)) if (found[1] !== undefined) names.add(found[1]);
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
