import { z } from 'zod';

/** The names taken by the options the loop uses as they are but whose fields it checks (`resume`, `telemetry`). */
export const closedObjectNames = z.registry<{ names: readonly string[] }>();

/**
 * An object the loop takes as it is (its fields are checked by `accepts`, refused with `message`), whose own
 * names are still checked: a name not among `names` is refused as an unknown option, like a misspelt option.
 */
export function closedObjectSchema<VALUE>({
  names,
  accepts,
  message,
}: {
  names: Record<keyof Extract<VALUE, object>, true>;
  accepts: (value: unknown) => boolean;
  message: string;
}): z.ZodType<VALUE, VALUE> {
  const known = Object.keys(names);
  const schema = z
    .custom<VALUE>(() => true)
    .superRefine((value: unknown, context) => {
      const unknown = isRecord(value) ? Object.keys(value).filter((name) => !known.includes(name)) : [];
      if (isRecord(value) && unknown.length > 0) {
        context.addIssue({ code: 'unrecognized_keys', keys: unknown, input: value });
      } else if (!accepts(value)) {
        context.addIssue({ code: 'custom', message, input: value });
      }
    });
  closedObjectNames.add(schema, { names: known });
  return schema;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
