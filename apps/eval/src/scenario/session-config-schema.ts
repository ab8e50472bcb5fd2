import { z } from 'zod';
import { timeoutMsSchema } from './timer-duration-schemas.js';

const count = z.int().positive();

/**
 * A scenario's `session`: a host's session config (`LlmConfig`, snake_case) for the turns, which then run through
 * `SessionManager` — the provider picked by `createModelFromConfig`, thinking on by default, tool-call limits
 * counted across turns. `type`, `model`, `api_key`, `base_url` and `servers` come from the scenario itself.
 */
export const sessionConfigSchema = z.strictObject({
  system_prompt: z
    .string()
    .optional()
    .describe("The session's system prompt. Default: the scenario's system."),
  max_tool_calls: z
    .union([
      z.int().nonnegative(),
      z.strictObject({
        per_message: z
          .int()
          .nonnegative()
          .optional()
          .describe('Tool calls allowed in one turn (tool_limit).'),
        per_session: z
          .int()
          .nonnegative()
          .optional()
          .describe("Tool calls allowed across the session's turns (session_tool_limit)."),
      }),
    ])
    .optional()
    .describe('Tool calls allowed: a number is the per-message limit, or { per_message, per_session }.'),
  thinking: z
    .strictObject({
      enabled: z
        .boolean()
        .optional()
        .describe('Whether the model thinks. Default true, where the model can.'),
      budget_tokens: count.optional().describe('A manual thinking budget in tokens.'),
      effort: z
        .enum(['low', 'medium', 'high', 'max'])
        .optional()
        .describe('How hard the model thinks: low, medium, high or max.'),
    })
    .optional()
    .describe('Thinking, on by default for models that can think: { enabled, budget_tokens, effort }.'),
  max_iterations: count.optional().describe('Model requests per turn (max_iterations). Default 10.'),
  max_rounds: count
    .optional()
    .describe('Tool rounds per turn, then one last answer without tools (max_rounds).'),
  max_consecutive_errors: count
    .optional()
    .describe('Failed tool calls in a row that stop the turn (consecutive_errors). Default 3.'),
  timeout_ms: timeoutMsSchema
    .optional()
    .describe("The whole turn's deadline in milliseconds (timeout). Default 120000."),
  tool_timeout_ms: timeoutMsSchema
    .optional()
    .describe("One tool call's deadline in milliseconds. Default 30000."),
  max_tokens: count.optional().describe('The longest answer per model request, in tokens.'),
  token_budget: z
    .union([
      count,
      z.strictObject({
        per_turn: count.optional().describe('Tokens one turn may use.'),
        per_session: count.optional().describe("Tokens the session's turns may use together."),
      }),
    ])
    .optional()
    .describe('Tokens allowed (budget_exceeded): a number is per turn, or { per_turn, per_session }.'),
  context_limit: z
    .strictObject({
      max_tokens: count.describe(
        "Tokens of a request's messages (four characters to a token) past which older tool results are cleared.",
      ),
      keep_tool_results: z
        .int()
        .nonnegative()
        .optional()
        .describe('The most recent tool results sent whole (the latest round always is). Default 3.'),
      exclude_tools: z.array(z.string().min(1)).optional().describe('Tools whose results are never cleared.'),
    })
    .optional()
    .describe('Past max_tokens, the results of older tool calls go to the model as a placeholder.'),
});

export type SessionConfig = z.infer<typeof sessionConfigSchema>;
