import { Validator } from '@cfworker/json-schema';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonObject } from '../json-value.js';

/**
 * A tool's input schema: a Standard Schema that can also describe itself as JSON Schema (zod 4, valibot,
 * arktype), or a plain JSON Schema object.
 */
export type ToolInputSchema = (StandardSchemaV1 & StandardJSONSchemaV1) | JsonObject;

/** The input type `execute` receives for a schema: the schema's output type, or a JSON object. */
export type InferToolInput<SCHEMA> =
  SCHEMA extends StandardSchemaV1<unknown, infer OUTPUT> ? OUTPUT : JsonObject;

/** The outcome of checking a tool's arguments. */
export type ToolInputValidation<INPUT> =
  { success: true; value: INPUT } | { success: false; issues: string[] };

/** A schema compiled once: its JSON Schema for the model, and a validator for the model's arguments. */
export interface CompiledInputSchema<INPUT> {
  jsonSchema: JsonObject;
  validate(input: unknown): Promise<ToolInputValidation<INPUT>>;
}

/** Compiles a tool input schema (Standard Schema or JSON Schema) into its JSON Schema and a validator. */
export function compileInputSchema<INPUT>(schema: ToolInputSchema): CompiledInputSchema<INPUT> {
  return isStandardSchema(schema) ? compileStandardSchema<INPUT>(schema) : compileJsonSchema<INPUT>(schema);
}

function isStandardSchema(schema: ToolInputSchema): schema is StandardSchemaV1 & StandardJSONSchemaV1 {
  return '~standard' in schema && typeof schema['~standard'] === 'object';
}

function compileStandardSchema<INPUT>(
  schema: StandardSchemaV1 & StandardJSONSchemaV1,
): CompiledInputSchema<INPUT> {
  const standard = schema['~standard'];
  const { $schema: _dialect, ...jsonSchema } = standard.jsonSchema.input({ target: 'draft-2020-12' });
  return {
    jsonSchema: jsonSchema as JsonObject,
    async validate(input) {
      const result = await standard.validate(input);
      if (result.issues === undefined) return { success: true, value: result.value as INPUT };
      return {
        success: false,
        issues: result.issues.map((issue) => `${formatStandardPath(issue.path)}: ${issue.message}`),
      };
    },
  };
}

function compileJsonSchema<INPUT>(schema: JsonObject): CompiledInputSchema<INPUT> {
  const validator = new Validator(schema, '2020-12', false);
  return {
    jsonSchema: schema,
    validate(input) {
      const result = validator.validate(input);
      if (result.valid) return Promise.resolve({ success: true, value: input as INPUT });
      // The validator reports each failure with its enclosing keywords too; the leaf is the useful line.
      const issues = result.errors
        .filter(
          (error) => error.keyword !== 'properties' && error.keyword !== 'items' && error.keyword !== '$ref',
        )
        .map((error) => `${formatPointer(error.instanceLocation)}: ${error.error}`);
      return Promise.resolve({ success: false, issues: [...new Set(issues)] });
    },
  };
}

function formatStandardPath(path: StandardSchemaV1.Issue['path']): string {
  if (path === undefined || path.length === 0) return '/';
  return path.map((segment) => `/${String(typeof segment === 'object' ? segment.key : segment)}`).join('');
}

function formatPointer(instanceLocation: string): string {
  const pointer = instanceLocation.replace(/^#/, '');
  return pointer === '' ? '/' : pointer;
}
