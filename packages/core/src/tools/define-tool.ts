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
/**
 * Whether a call waits for a person's decision before it runs: always, or as a function of the (validated)
 * input. The turn then stops with `approval_required`; see `resume` in the loop's options.
 */
export type NeedsApproval<INPUT = JsonObject> = boolean | ApprovalRule<INPUT>;

// Method syntax, so that a tool of any input type is a `Tool<unknown>` (as `execute` is): the loop calls the rule
// only with the input the tool's own schema validated.
type ApprovalRule<INPUT> = { rule(input: INPUT): boolean | Promise<boolean> }['rule'];

/**
 * Whether a call may run again when a turn resumed after a crash finds it started and never finished (its
 * effect is the same however often it runs): always, or as a function of the (validated) input. Without it, such
 * a call is answered with an error saying its outcome is unknown. See `toolJournal` in the loop's options.
 */
export type Idempotent<INPUT = JsonObject> = boolean | ApprovalRule<INPUT>;

export interface Tool<INPUT = JsonObject> extends ToolDefinition {
  validateInput(input: unknown): Promise<ToolInputValidation<INPUT>>;
  needsApproval?: NeedsApproval<INPUT>;
  idempotent?: Idempotent<INPUT>;
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
  /** Calls wait for a person's decision before they run (always, or when this returns true for the input). */
  needsApproval?: NeedsApproval<InferToolInput<SCHEMA>>;
  /**
   * A call may run again after a crash cut it short (always, or when this returns true for the input): it has
   * the same effect however often it runs. Used by turns that keep a tool journal.
   */
  idempotent?: Idempotent<InferToolInput<SCHEMA>>;
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
  if (options.needsApproval !== undefined) tool.needsApproval = options.needsApproval;
  if (options.idempotent !== undefined) tool.idempotent = options.idempotent;
  return tool;
}
