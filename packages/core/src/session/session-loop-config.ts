import { z } from 'zod';
import { optionsObjectSchema } from '../options/options-object-schema.js';
import { fileLoopOptionsSchema } from '../options/tool-loop-options-schema.js';
import { renameSchemaKeys, renameValueKeys } from './snake-case-schema.js';
import { toSnakeCaseName, type SnakeCased, type SnakeCaseName } from './snake-case-names.js';
import type { StoredLlmConfig } from './llm-config.js';

/**
 * The loop options a session's config sets: every option a file may hold (`fileLoopOptionsSchema`) but `output`,
 * since a session's turns answer in messages. An option added to the loop's schema is a config field too.
 */
export const sessionLoopOptionsSchema = fileLoopOptionsSchema.omit({ output: true });

/** The loop options a session's config sets, as the loop takes them. */
export type SessionLoopOptions = z.input<typeof sessionLoopOptionsSchema>;

type SessionShape = (typeof sessionLoopOptionsSchema)['shape'];

/** The session config's loop fields, snake_case: `SessionLoopOptions` under the names of `sessionOptionNames`. */
export type SessionLoopConfig = SnakeCased<SessionLoopOptions>;

/**
 * Every name among the session's loop options, however deep (`maxToolCalls`, `perMessage`, `keepToolResults`),
 * with its snake_case name in the config: the one table both directions of the mapping read.
 */
export const sessionOptionNames: ReadonlyMap<string, string> = new Map(
  collectNames(sessionLoopOptionsSchema).map((name) => [name, toSnakeCaseName(name)]),
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

/** The schema of the session config's loop fields: the loop's own checks under the snake_case names. */
export const sessionLoopConfigShape = (
  renameSchemaKeys({
    schema: sessionLoopOptionsSchema,
    rename: toConfigName,
    renameText: toConfigText,
  }) as z.ZodObject<{
    [KEY in keyof SessionShape as SnakeCaseName<KEY>]: z.ZodOptional<
      z.ZodType<
        SnakeCased<NonNullable<z.input<SessionShape[KEY]>>>,
        SnakeCased<NonNullable<z.input<SessionShape[KEY]>>>
      >
    >;
  }>
).shape;

/**
 * The loop options a session config sets, under the loop's names. Thinking is on unless the config turns it
 * off; providers turn it off with a warning for models that cannot think.
 */
export function toSessionLoopOptions(config: StoredLlmConfig): SessionLoopOptions {
  const given = Object.fromEntries(Object.entries(config).filter(([name]) => name in sessionLoopConfigShape));
  const options = renameValueKeys({
    value: given,
    schema: z.object(sessionLoopConfigShape),
    rename: toCamelCaseName,
  });
  const parsed = sessionLoopOptionsSchema.parse(options);
  return { ...parsed, thinking: parsed.thinking ?? true };
}

function collectNames(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodOptional) return collectNames(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodObject) {
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, value]) => [
      name,
      ...collectNames(value),
    ]);
  }
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(collectNames);
  if (schema instanceof z.ZodRecord) return collectNames(schema.valueType as z.ZodType);
  if (schema instanceof z.ZodArray) return collectNames(schema.element as z.ZodType);
  return [];
}

/**
 * The session config's loop fields alone (snake_case), strict: the part of `llmConfigSchema` that comes from the
 * loop's options, for a host or a tool that sets only those.
 */
export const sessionLoopConfigSchema = optionsObjectSchema(sessionLoopConfigShape);
