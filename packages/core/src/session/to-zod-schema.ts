import { z } from 'zod';
import { findNearestName } from '../internal/find-nearest-name.js';
import {
  ObjectSchema,
  OptionalSchema,
  RecordSchema,
  UnionSchema,
  type OptionIssue,
  type OptionSchema,
} from '../options/option-schema.js';

/** How a zod copy names the options (`maxTokens` → `max_tokens`) and rewrites the texts that name them. */
export interface Naming {
  rename: (name: string) => string;
  renameText: (text: string) => string;
}

const asGiven: Naming = { rename: (name) => name, renameText: (text) => text };

/**
 * The zod schema of an options schema, for files: the same checks and refusals (the options' own refusals as
 * zod issues), the same descriptions, the JSON Schema a file may be written with, and — with `naming` — other
 * names for the options (the session config's snake_case). A misspelt name is refused with the one it most
 * likely meant as the refusal's message (`did you mean 'max_rounds'?`).
 */
export function toZodSchema(schema: OptionSchema, naming: Naming = asGiven): z.ZodType {
  const converted = convert(schema, naming);
  const { description } = schema.meta;
  return description === undefined ? converted : converted.describe(naming.renameText(description));
}

function convert(schema: OptionSchema, naming: Naming): z.ZodType {
  if (schema instanceof OptionalSchema) return toZodSchema(schema.inner, naming).optional();
  if (schema instanceof ObjectSchema) {
    const shape = schema.fields;
    const expected = schema.expected;
    return z.strictObject(
      Object.fromEntries(
        Object.entries(shape).map(([name, inner]) => [naming.rename(name), toZodSchema(inner, naming)]),
      ),
      {
        error: (issue) => {
          if (issue.code === 'unrecognized_keys') return suggestName(issue.keys, issue.inst);
          return expected === undefined ? undefined : naming.renameText(expected(issue.input));
        },
      },
    );
  }
  if (schema instanceof UnionSchema) {
    return z.union(
      schema.alternatives.map((form) => toZodSchema(form, naming)),
      { error: (issue) => naming.renameText(schema.expected(issue.input)) },
    );
  }
  if (schema instanceof RecordSchema) {
    return z.record(z.string(), toZodSchema(schema.entry, naming), {
      error: (issue) => naming.renameText(schema.expected(issue.input)),
    });
  }
  return z
    .custom(() => true)
    .superRefine((value, context) => {
      for (const issue of schema.check(value, [])) context.addIssue(toZodIssue(issue, naming, value));
    })
    .meta(schema.meta.jsonSchema ?? {});
}

function toZodIssue(issue: OptionIssue, naming: Naming, input: unknown): z.core.$ZodRawIssue {
  const path = issue.path.map((segment) => (typeof segment === 'string' ? naming.rename(segment) : segment));
  // Fatal, as a value of the wrong type is: a union then reports the form it came closest to.
  if (issue.type === 'unknown-names') {
    return {
      code: 'custom',
      path,
      input,
      continue: false,
      message: `unknown field ${issue.names.join(', ')}`,
    };
  }
  return { code: 'custom', path, input, continue: false, message: naming.renameText(issue.message) };
}

function suggestName(given: readonly string[], schema: unknown): string | undefined {
  const [name] = given;
  if (given.length !== 1 || name === undefined || !(schema instanceof z.ZodObject)) return undefined;
  const nearest = findNearestName(name, Object.keys(schema.shape));
  return nearest === undefined ? undefined : `did you mean '${nearest}'?`;
}
