import type { JsonObject } from '../json-value.js';
import { compileInputSchema, type ToolInputSchema } from '../tools/tool-input-schema.js';

/**
 * The shape of a turn's answer: a Standard Schema that can describe itself as JSON Schema (zod 4, valibot,
 * arktype), or a plain JSON Schema object.
 */
export type OutputSchema = ToolInputSchema;

/** An output schema compiled once: its JSON Schema, the name providers send it under, and a validator. */
export interface CompiledOutputSchema {
  jsonSchema: JsonObject;
  /** The schema's `title` when it is a valid name, else `answer`: chat completions require a name. */
  name: string;
  validate(value: unknown): Promise<{ success: true; value: unknown } | { success: false; issues: string[] }>;
}

const namePattern = /^[a-zA-Z0-9_-]{1,64}$/;

/** Compiles `output`, once `checkOutputSchema` has taken it. */
export function compileOutputSchema(schema: OutputSchema): CompiledOutputSchema {
  const compiled = compileInputSchema<unknown>(schema);
  const title = compiled.jsonSchema.title;
  return {
    jsonSchema: compiled.jsonSchema,
    name: typeof title === 'string' && namePattern.test(title) ? title : 'answer',
    validate: (value) => compiled.validate(value),
  };
}
