import { z } from 'zod';
import { timeoutMsSchema } from './timer-duration-schemas.js';

const count = z.int().positive();

/** The `loop` options of a scenario: the core loop's own option names (docs/scenario-format.md). */
export const loopOptionsSchema = z.strictObject({
  maxIterations: count
    .optional()
    .describe('Model requests per turn; when reached, the turn stops with max_iterations. Default 10.'),
  maxRounds: count
    .optional()
    .describe(
      'Tool rounds per turn; when reached, one last request with tool choice none gives the answer (max_rounds).',
    ),
  maxToolCalls: z
    .union([
      z.int().nonnegative(),
      z.strictObject({
        perMessage: z.int().nonnegative().optional().describe('Tool calls allowed in one turn (tool_limit).'),
        perSession: z
          .int()
          .nonnegative()
          .optional()
          .describe("Tool calls allowed across all of the scenario's turns (session_tool_limit)."),
      }),
    ])
    .optional()
    .describe('Tool calls allowed: a number is the per-message limit, or { perMessage, perSession }.'),
  maxConsecutiveErrors: count
    .optional()
    .describe('Failed tool calls in a row that stop the turn (consecutive_errors). Default 3.'),
  timeoutMs: timeoutMsSchema
    .optional()
    .describe("The whole turn's deadline in milliseconds (timeout). Default 120000."),
  toolTimeoutMs: timeoutMsSchema
    .optional()
    .describe(
      "One tool call's deadline in milliseconds; its expiry is an error result, not a stop. Default 30000.",
    ),
  maxToolsPerResponse: count
    .optional()
    .describe(
      'Tool calls run per model response; the rest are answered "not executed" and named in a tools_dropped warning.',
    ),
  toolConcurrency: count
    .optional()
    .describe(
      "Tool calls of one response that run at once; 1 runs them one after another, in the model's order. Default: all at once.",
    ),
  unknownTool: z
    .enum(['feedback', 'stop'])
    .optional()
    .describe(
      'A call to a tool that does not exist: an error result the model sees (feedback, the default) or a stop.',
    ),
  explicitStop: z
    .union([
      z.boolean(),
      z.strictObject({
        toolName: z
          .string()
          .min(1)
          .optional()
          .describe("The give-up tool's name (default cannot_complete_task)."),
        description: z.string().min(1).optional().describe("The give-up tool's description."),
      }),
    ])
    .optional()
    .describe(
      'Offer the model a give-up tool (cannot_complete_task, or { toolName, description }); calling it ends the turn with gave_up.',
    ),
  progressivePrompt: z
    .union([
      z.boolean(),
      z.strictObject({
        first: z.string().optional().describe('The line added to the first request; {round} is its number.'),
        later: z.string().optional().describe('The line added to the requests after a tool round.'),
        final: z
          .string()
          .optional()
          .describe('The line added to the last request, which offers no tool call.'),
      }),
    ])
    .optional()
    .describe(
      'Add a line for each round to the system prompt: true for "[Round N]" and "[Final round]" lines, or { first, later, final } texts.',
    ),
  statusMessages: z
    .enum(['generated', 'template', 'off'])
    .optional()
    .describe(
      'Status lines: fixed templates (default), sentences the model writes (each takes an llm step), or none.',
    ),
  thinking: z
    .union([
      z.boolean(),
      z.strictObject({ budgetTokens: count.describe('A manual thinking budget in tokens.') }),
      z.strictObject({
        effort: z
          .enum(['low', 'medium', 'high', 'max'])
          .describe('How hard the model thinks: low, medium, high or max.'),
      }),
    ])
    .optional()
    .describe(
      'Extended thinking: true, false, { budgetTokens } or { effort }. Without it the model keeps its default.',
    ),
  maxTokens: count.optional().describe('The longest answer per model request, in tokens.'),
  toolChoice: z
    .union([
      z.strictObject({
        type: z
          .enum(['auto', 'required', 'none'])
          .describe('auto: the model decides; required: it must call a tool; none: it may call none.'),
      }),
      z.strictObject({
        type: z.literal('tool').describe('The model must call the tool `name`.'),
        name: z.string().min(1).describe("The tool's name."),
      }),
    ])
    .optional()
    .describe(
      "The tool choice of the turn's requests, but the last answer after a cap, which is always none.",
    ),
  maxRepeatedCalls: count
    .optional()
    .describe(
      'The most times one tool may be called with the same input in a turn; a call beyond it is refused and the turn ends with no_progress after a last answer.',
    ),
  maxRepeatedText: count
    .optional()
    .describe(
      'The most times in a row a response may repeat the text of the one before it (then no_progress).',
    ),
  tokenBudget: z
    .union([
      count,
      z.strictObject({
        perTurn: count.optional().describe('Tokens one turn may use.'),
        perSession: count.optional().describe("Tokens all of the scenario's turns may use together."),
      }),
    ])
    .optional()
    .describe(
      'Tokens (input and output) allowed: a number is per turn, or { perTurn, perSession }; the turn ends with budget_exceeded, after a last answer while there is room.',
    ),
  contextLimit: z
    .strictObject({
      maxTokens: count.describe(
        "Tokens of a request's messages (four characters of what the model reads to a token) past which older tool results are cleared.",
      ),
      keepToolResults: z
        .int()
        .nonnegative()
        .optional()
        .describe('The most recent tool results sent whole (the latest round always is). Default 3.'),
      excludeTools: z.array(z.string().min(1)).optional().describe('Tools whose results are never cleared.'),
      summarize: z
        .union([
          z.boolean(),
          z.strictObject({
            instructions: z
              .string()
              .min(1)
              .optional()
              .describe("The summary model's system prompt; default: the loop's own."),
            maxTokens: count.optional().describe("The summary's output token limit. Default 1024."),
          }),
        ])
        .optional()
        .describe(
          "Condense the rounds before the kept results into a summary (one request to the scenario's model, which takes an llm step) instead of clearing results; if that request fails, results are cleared.",
        ),
    })
    .optional()
    .describe(
      "Past maxTokens, the results of older tool calls go to the model as a placeholder from then on (a tool_results_cleared warning names them), or with summarize the oldest rounds as a summary; the turn's messages keep them whole.",
    ),
  prices: z
    .record(
      z.string().min(1),
      z.strictObject({
        inputPerMillion: z.number().nonnegative().describe('The price of a million input tokens.'),
        outputPerMillion: z.number().nonnegative().describe('The price of a million output tokens.'),
        cacheReadPerMillion: z
          .number()
          .nonnegative()
          .optional()
          .describe('The price of a million tokens read from the prompt cache (default: the input price).'),
        cacheWritePerMillion: z
          .number()
          .nonnegative()
          .optional()
          .describe('The price of a million tokens written to the prompt cache (default: the input price).'),
      }),
    )
    .optional()
    .describe("Prices per million tokens by model id; the turn's result then carries its cost."),
  output: z
    .record(z.string(), z.json())
    .optional()
    .describe(
      "A JSON Schema the answer must match: it is parsed into the result's output, with one repair request on a mismatch, then invalid_output.",
    ),
});

export type ScenarioLoopOptions = z.infer<typeof loopOptionsSchema>;
