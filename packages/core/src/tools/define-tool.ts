import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { JsonObject } from '../json-value.js';
import type { ToolDefinition } from './tool-definition.js';
import {
  compileInputSchema,
  type InferToolInput,
  type ToolInputSchema,
  type ToolInputValidation,
} from './tool-input-schema.js';

/** What `execute` gets besides the input. */
export interface ToolExecuteOptions {
  /** Aborted when the call times out or the turn ends; pass it on to fetches and child processes. */
  signal: AbortSignal;
  toolCallId: string;
}

/** A local tool: its definition for the model, a validator for its arguments, and the function that runs it. */
export interface Tool<INPUT = JsonObject> extends ToolDefinition {
  validateInput(input: unknown): Promise<ToolInputValidation<INPUT>>;
  /** Returns a string, a `ToolOutput`, or any JSON value; throwing is reported to the model as an error result. */
  execute(input: INPUT, options: ToolExecuteOptions): unknown;
}

const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Defines a local tool. The input schema may be zod (or any Standard Schema with JSON Schema support) or plain
 * JSON Schema; the model's arguments are validated before `execute` runs, and invalid ones become an error
 * result the model sees.
 *
 * @example
 * const weather = defineTool({
 *   name: 'get_weather',
 *   description: 'Current weather for a city',
 *   inputSchema: z.object({ city: z.string() }),
 *   execute: async ({ city }) => `Sunny in ${city}`,
 * });
 */
export function defineTool<SCHEMA extends ToolInputSchema>(options: {
  name: string;
  description?: string;
  inputSchema: SCHEMA;
  execute: (input: InferToolInput<SCHEMA>, options: ToolExecuteOptions) => unknown;
}): Tool<InferToolInput<SCHEMA>> {
  if (!toolNamePattern.test(options.name)) {
    throw new InvalidArgumentError({
      argument: 'name',
      message: `tool name '${options.name}' must be 1 to 64 letters, digits, '_' or '-' (what the model APIs accept).`,
    });
  }
  const compiled = compileInputSchema<InferToolInput<SCHEMA>>(options.inputSchema);
  const tool: Tool<InferToolInput<SCHEMA>> = {
    name: options.name,
    inputSchema: compiled.jsonSchema,
    validateInput: (input) => compiled.validate(input),
    execute: options.execute,
  };
  if (options.description !== undefined) tool.description = options.description;
  return tool;
}
