import type { z } from 'zod';
import { fileLoopOptionsSchema as fileLoopOptions } from '../options/file-loop-options-schema.js';
import {
  ObjectSchema,
  OptionalSchema,
  RecordSchema,
  UnionSchema,
  type OptionSchema,
} from '../options/option-schema.js';
import { renameValueKeys } from './rename-value-keys.js';
import { toSnakeCaseName, type SnakeCased, type SnakeCaseName } from './snake-case-names.js';
import { toZodSchema } from './to-zod-schema.js';
import type { StoredLlmConfig } from './llm-config.js';

type FileShape = (typeof fileLoopOptions)['shape'];
type OptionInput<KEY extends keyof FileShape> = NonNullable<FileShape[KEY]['input']>;

/**
 * The options of a turn that a file may hold (a scenario's `loop`, a session's config), as a zod schema: the
 * loop's own checks and refusals, and a description of each option, for JSON Schema. An option added to the loop
 * is here too.
 */
export const fileLoopOptionsSchema = toZodSchema(fileLoopOptions) as z.ZodObject<{
  [KEY in keyof FileShape]: z.ZodOptional<z.ZodType<OptionInput<KEY>, OptionInput<KEY>>>;
}>;

/** The loop options a session's config sets: every option a file may hold but `output` (a session answers in messages). */
const sessionLoopOptions = fileLoopOptions.omit(['output']);

/** The loop options a session's config sets, as the loop takes them. */
export type SessionLoopOptions = (typeof sessionLoopOptions)['input'];

type SessionShape = (typeof sessionLoopOptions)['shape'];
type SessionInput<KEY extends keyof SessionShape> = SnakeCased<NonNullable<SessionShape[KEY]['input']>>;

/** The session config's loop fields, snake_case: `SessionLoopOptions` under the names of `sessionOptionNames`. */
export type SessionLoopConfig = SnakeCased<SessionLoopOptions>;

/**
 * Every name among the session's loop options, however deep (`maxToolCalls`, `perMessage`, `keepToolResults`),
 * with its snake_case name in the config: the one table both directions of the mapping read.
 */
export const sessionOptionNames: ReadonlyMap<string, string> = new Map(
  collectNames(sessionLoopOptions).map((name) => [name, toSnakeCaseName(name)]),
);

const camelCaseNames = new Map([...sessionOptionNames].map(([camel, snake]) => [snake, camel]));

/** A name of the config as the loop's, and the reverse; names of neither stay as they are. */
export const toCamelCaseName = (name: string): string => camelCaseNames.get(name) ?? name;
export const toConfigName = (name: string): string => sessionOptionNames.get(name) ?? name;

/**
 * Text about the loop's options (a refusal, a description) with their names as the config writes them:
 * `{ perMessage, perSession }` becomes `{ per_message, per_session }`.
 */
export function toConfigText(text: string): string {
  return text.replace(/\b[a-z]+(?:[A-Z][a-z]*)+\b/gu, toConfigName);
}

/**
 * The session config's loop fields alone (snake_case), strict: the loop's own checks and refusals under the
 * snake_case names, the part of `llmConfigSchema` that comes from the loop's options.
 */
export const sessionLoopConfigSchema = toZodSchema(sessionLoopOptions, {
  rename: toConfigName,
  renameText: toConfigText,
}) as z.ZodObject<{
  [KEY in keyof SessionShape as SnakeCaseName<KEY>]: z.ZodOptional<
    z.ZodType<SessionInput<KEY>, SessionInput<KEY>>
  >;
}>;

/** The fields of `sessionLoopConfigSchema`, for the schemas of whole configs. */
export const sessionLoopConfigShape = sessionLoopConfigSchema.shape;

const sessionLoopOptionsSchema = fileLoopOptionsSchema.omit({ output: true });

/**
 * The loop options a session config sets, under the loop's names. Thinking is on unless the config turns it
 * off; providers turn it off with a warning for models that cannot think.
 */
export function toSessionLoopOptions(config: StoredLlmConfig): SessionLoopOptions {
  const given = Object.fromEntries(Object.entries(config).filter(([name]) => name in sessionLoopConfigShape));
  const options = renameValueKeys({ value: given, schema: sessionLoopConfigSchema, rename: toCamelCaseName });
  const parsed = sessionLoopOptionsSchema.parse(options);
  return { ...parsed, thinking: parsed.thinking ?? true };
}

function collectNames(schema: OptionSchema): string[] {
  if (schema instanceof OptionalSchema) return collectNames(schema.inner);
  if (schema instanceof ObjectSchema) {
    const shape = schema.fields;
    return Object.entries(shape).flatMap(([name, value]) => [name, ...collectNames(value)]);
  }
  if (schema instanceof UnionSchema) return schema.alternatives.flatMap(collectNames);
  if (schema instanceof RecordSchema) return collectNames(schema.entry);
  return [];
}
