import { ValueSchema } from './option-schema.js';

/**
 * The values options take, each a schema whose refusal says what was expected and what was given
 * (`expected an integer of at least 1, got 0.`). Their JSON Schema (`meta`) is what a file may hold: Infinity,
 * which a caller may pass for "no limit", has no JSON form.
 */

/** The longest delay `setTimeout` honours; anything above it would fire at once. */
export const maxTimerMs = 2_147_483_647;

/** How a refusal writes the value it was given, when it writes it. */
type Quote = (value: unknown) => string;
const plain: Quote = (value) => String(value);
const quoted: Quote = (value) => `'${String(value)}'`;
export const asJson: Quote = (value) => (value === undefined ? 'undefined' : JSON.stringify(value));

/** A refusal that names the value given: what `withoutValue` takes off again where values are not shown. */
export function expectedGot(expected: string, value: unknown, quote: Quote = plain): string {
  return `expected ${expected}, got ${quote(value)}.`;
}

/** A refusal as written without its value (`expected an integer of at least 1`), for configs that may hold secrets. */
export function withoutValue(message: string): string {
  return message.replace(/, got [\s\S]*\.$/u, '').replace(/\.$/u, '');
}

function valueSchema<VALUE>({
  accepts,
  message,
  jsonSchema,
}: {
  accepts: (value: unknown) => boolean;
  message: (value: unknown) => string;
  jsonSchema?: Record<string, unknown>;
}): ValueSchema<VALUE> {
  return new ValueSchema<VALUE>((value) => (accepts(value) ? undefined : message(value)), jsonSchema);
}

/** A count the loop keeps: an integer of at least `minimum`, or Infinity for no limit. */
export function countSchema(minimum: number): ValueSchema<number> {
  return valueSchema({
    accepts: (value) => value === Infinity || (Number.isInteger(value) && (value as number) >= minimum),
    message: (value) => expectedGot(`an integer of at least ${minimum}`, value),
    jsonSchema: { type: 'integer', minimum },
  });
}

/**
 * A count of tokens the model is sent (`max_tokens`, a thinking budget): an integer of at least 1. Unlike a
 * limit the loop keeps, it cannot be Infinity: a request would carry it as `null`, which the API refuses.
 */
export const sentCountSchema: ValueSchema<number> = valueSchema({
  accepts: (value) => Number.isInteger(value) && (value as number) >= 1,
  message: (value) => expectedGot('an integer of at least 1 (it is sent to the model)', value),
  jsonSchema: { type: 'integer', minimum: 1 },
});

/** What a session has used so far (tokens, tool calls): an integer of at least 0, never Infinity. */
export const usedCountSchema: ValueSchema<number> = valueSchema({
  accepts: (value) => Number.isInteger(value) && (value as number) >= 0,
  message: (value) => expectedGot('an integer of at least 0', value),
  jsonSchema: { type: 'integer', minimum: 0 },
});

/** Milliseconds for a timer: above 0 and at most what `setTimeout` honours, or Infinity. */
export const durationSchema: ValueSchema<number> = valueSchema({
  accepts: (value) => value === Infinity || (typeof value === 'number' && value > 0 && value <= maxTimerMs),
  message: (value) => expectedGot(`milliseconds above 0 and at most ${maxTimerMs} (or Infinity)`, value),
  jsonSchema: { type: 'number', exclusiveMinimum: 0, maximum: maxTimerMs },
});

/** A price per million tokens: a number of zero or more. */
export const priceSchema: ValueSchema<number> = valueSchema({
  accepts: (value) => Number.isFinite(value) && (value as number) >= 0,
  message: (value) => expectedGot('a price of zero or more', value),
  jsonSchema: { type: 'number', minimum: 0 },
});

/** One of `allowed`. */
export function oneOfSchema<const VALUES extends readonly string[]>(
  allowed: VALUES,
): ValueSchema<VALUES[number]> {
  return valueSchema({
    accepts: (value) => (allowed as readonly unknown[]).includes(value),
    message: (value) => expectedGot(`one of ${allowed.map((item) => `'${item}'`).join(', ')}`, value, quoted),
    jsonSchema: { type: 'string', enum: [...allowed] },
  });
}

/** Text that is not blank, described as `what` (`the tool's name`). */
export function textSchema(what: string): ValueSchema<string> {
  return valueSchema({
    accepts: (value) => typeof value === 'string' && value.trim() !== '',
    message: (value) => expectedGot(what, value, asJson),
    jsonSchema: { type: 'string', minLength: 1 },
  });
}

/** Any text, the empty text included (a system prompt may be empty). */
export const anyTextSchema: ValueSchema<string> = valueSchema({
  accepts: (value) => typeof value === 'string',
  message: (value) => expectedGot('text', value, asJson),
  jsonSchema: { type: 'string' },
});

/** A boolean. */
export const booleanSchema: ValueSchema<boolean> = valueSchema({
  accepts: (value) => typeof value === 'boolean',
  message: (value) => expectedGot('true or false', value, asJson),
  jsonSchema: { type: 'boolean' },
});

/** A function (a hook): looked at no further, since what it does is known only when it is called. */
export function functionSchema<FUNCTION>(): ValueSchema<FUNCTION> {
  return valueSchema({
    accepts: (value) => typeof value === 'function',
    message: () => 'expected a function.',
  });
}

/** An object the loop uses as it is (a model, a tracer, a signal), checked by `accepts`; not looked into. */
export function runtimeObjectSchema<VALUE>(
  accepts: (value: unknown) => boolean,
  message: string,
): ValueSchema<VALUE> {
  return valueSchema({ accepts, message: () => message });
}
