import type { ThinkingEffort } from '../model/model.js';
import type { JsonValue } from '../json-value.js';
import { isObject } from '../internal/is-object.js';
import { ObjectSchema, RecordSchema, UnionSchema, ValueSchema } from './option-schema.js';
import { fileContextLimitSchema } from './context-limit-schema.js';
import {
  anyTextSchema,
  asJson,
  booleanSchema,
  countSchema,
  durationSchema,
  expectedGot,
  oneOfSchema,
  priceSchema,
  sentCountSchema,
  textSchema,
} from './option-value-schemas.js';
import { shorthandSchema } from './shorthand-schema.js';

const thinkingEfforts = ['low', 'medium', 'high', 'max'] as const satisfies readonly ThinkingEffort[];

/** `expected …, got …` for a value of none of an option's forms. */
const forms = (expected: string) => (value: unknown) => expectedGot(expected, value, asJson);

/**
 * The options of a turn that can be written in a file (a scenario's `loop`, a session's config): data only. The
 * options that hold a model, a function or a live object are `toolLoopOptionsSchema`'s alone.
 */
export const fileLoopOptionsShape = {
  system: anyTextSchema.optional().describe('The system prompt.'),
  /** Tool calls allowed: a number means per message; the session count comes in as `sessionToolCalls`. */
  maxToolCalls: new UnionSchema(
    [
      shorthandSchema({ field: 'perMessage', schema: countSchema(0) }),
      new ObjectSchema({
        perMessage: countSchema(0).optional().describe('Tool calls allowed in one turn (tool_limit).'),
        perSession: countSchema(0)
          .optional()
          .describe("Tool calls allowed across all of a session's turns (session_tool_limit)."),
      }),
    ],
    forms('a number (per message) or { perMessage?, perSession? }'),
  )
    .optional()
    .describe('Tool calls allowed: a number is the per-message limit, or { perMessage, perSession }.'),
  /** Thinking: `true`, `false`, or on with a budget and an effort; the provider maps it to what the model accepts. */
  thinking: new UnionSchema(
    [
      booleanSchema,
      new ObjectSchema({
        budgetTokens: sentCountSchema
          .optional()
          .describe('A thinking budget in tokens, for models that take one.'),
        effort: oneOfSchema(thinkingEfforts)
          .optional()
          .describe('How hard the model thinks, for models that take an effort: low, medium, high or max.'),
      }),
    ],
    forms('true, false or { budgetTokens?, effort? }'),
  )
    .optional()
    .describe(
      'Thinking: true, false, or on with { budgetTokens, effort }; the provider maps it to what the model accepts. Unset, the model keeps its default.',
    ),
  /**
   * Model requests per turn; when reached, the loop stops and reports `max_iterations`. The answer request that
   * follows a round or tool-call cap is always made, even past this limit. Default 10, or `maxRounds` if larger.
   */
  maxIterations: countSchema(1)
    .optional()
    .describe(
      'Model requests per turn; when reached, the turn stops with max_iterations. Default 10, or maxRounds if larger.',
    ),
  /** Tool rounds per turn; when reached, one last request with tool choice `none` produces the answer (`max_rounds`). */
  maxRounds: countSchema(1)
    .optional()
    .describe(
      'Tool rounds per turn; when reached, one last request with tool choice none gives the answer (max_rounds).',
    ),
  /**
   * Failed tool calls in a row, in call order and across rounds, that end the turn (`consecutive_errors`) as soon
   * as the streak reaches it. A call that runs and succeeds ends a streak; one the loop refused does not. Default 3.
   */
  maxConsecutiveErrors: countSchema(1)
    .optional()
    .describe('Failed tool calls in a row that stop the turn (consecutive_errors). Default 3.'),
  /** The whole turn's deadline; the model stream and running tools are aborted (`timeout`). Default 120 000. */
  timeoutMs: durationSchema
    .optional()
    .describe("The whole turn's deadline in milliseconds (timeout). Default 120000."),
  /** One tool call's deadline; its expiry is an error result the model sees, not a stop. Default 30 000. */
  toolTimeoutMs: durationSchema
    .optional()
    .describe(
      "One tool call's deadline in milliseconds; its expiry is an error result, not a stop. Default 30000.",
    ),
  /** The most tokens the model may write in one response, sent with every request; unset, the model's own default. */
  maxTokens: sentCountSchema.optional().describe('The longest answer per model request, in tokens.'),
  /**
   * Tokens (input and output, thinking included; not status lines) a turn, or a session, may use: a number
   * means per turn. Before each request the loop estimates its size from the last one; when it would not fit,
   * the turn ends with `budget_exceeded` — after one last answer when there is room for one.
   */
  tokenBudget: new UnionSchema(
    [
      shorthandSchema({ field: 'perTurn', schema: countSchema(1) }),
      new ObjectSchema({
        perTurn: countSchema(1).optional().describe('Tokens one turn may use.'),
        perSession: countSchema(1).optional().describe("Tokens all of a session's turns may use together."),
      }),
    ],
    forms('a number (per turn) or { perTurn?, perSession? }'),
  )
    .optional()
    .describe(
      'Tokens (input and output, thinking included) allowed: a number is per turn, or { perTurn, perSession }; the turn ends with budget_exceeded, after a last answer while there is room.',
    ),
  /**
   * Keeps a long turn's requests within a context size: once the messages a request would send are estimated
   * past `maxTokens`, the results of older tool calls are sent as a short placeholder from then on (the calls
   * stay, each with its result, so the transcript stays valid), and a `tool_results_cleared` warning says which.
   * The turn's `result.messages` keep every result whole. Default: no limit.
   */
  contextLimit: fileContextLimitSchema
    .optional()
    .describe(
      "Past maxTokens, the results of older tool calls go to the model as a placeholder from then on (a tool_results_cleared warning names them), or with summarize the oldest rounds as a summary; the turn's messages keep them whole.",
    ),
  toolChoice: new UnionSchema(
    [
      new ObjectSchema({
        type: oneOfSchema(['auto', 'required', 'none']).describe(
          'auto: the model decides; required: it must call a tool; none: it may call none.',
        ),
      }),
      new ObjectSchema({
        type: oneOfSchema(['tool']).describe('The model must call the tool `name`.'),
        name: textSchema("the tool's name").describe("The tool's name."),
      }),
    ],
    forms("{ type: 'auto' | 'required' | 'none' } or { type: 'tool', name }"),
  )
    .optional()
    .describe(
      "The tool choice of the turn's requests, but the last answer after a cap, which is always none.",
    ),
  /**
   * Tool calls run per model response; the ones beyond it stay in the transcript, are answered "not executed"
   * (the model may ask again) and are reported in a `tools_dropped` warning.
   */
  maxToolsPerResponse: countSchema(1)
    .optional()
    .describe(
      'Tool calls run per model response; the rest are answered "not executed" and named in a tools_dropped warning.',
    ),
  /** Tool calls of one response run at once. Default: all of them. */
  toolConcurrency: countSchema(1)
    .optional()
    .describe(
      "Tool calls of one response that run at once; 1 runs them one after another, in the model's order. Default: all at once.",
    ),
  /**
   * The most times one tool may be called with the same input in a turn (successful calls count too). A call
   * beyond it is refused and the turn ends with `no_progress`, after one last request in which the model may
   * call no tool. Default: no limit.
   */
  maxRepeatedCalls: countSchema(1)
    .optional()
    .describe(
      'The most times one tool may be called with the same input in a turn; a call beyond it is refused and the turn ends with no_progress after a last answer.',
    ),
  /** The most times a response's text may repeat the one before it, word for word; then as `maxRepeatedCalls`. */
  maxRepeatedText: countSchema(1)
    .optional()
    .describe(
      'The most times in a row a response may repeat the text of the one before it (then no_progress).',
    ),
  /** What to do when the model calls a tool that does not exist. Default `feedback` (an error result). */
  unknownTool: oneOfSchema(['feedback', 'stop'])
    .optional()
    .describe(
      'A call to a tool that does not exist: an error result the model sees (feedback, the default) or a stop.',
    ),
  /**
   * What to do when a tool source cannot list its tools: end the turn with `tool_source_error` (default), or
   * `skip` the source and run with the tools that listed, saying so in a `tool_source_skipped` warning.
   */
  toolSourceError: oneOfSchema(['stop', 'skip'])
    .optional()
    .describe(
      'A tool source that cannot list its tools: end the turn with tool_source_error (stop, the default) or skip it with a tool_source_skipped warning.',
    ),
  /** Status lines: fixed templates, sentences generated by `statusModel`, or none. */
  statusMessages: oneOfSchema(['generated', 'template', 'off'])
    .optional()
    .describe('Status lines: fixed templates (default), sentences the model writes, or none.'),
  /** Offer the model a tool through which it says it cannot complete the task (`gave_up`). */
  explicitStop: new UnionSchema(
    [
      booleanSchema,
      new ObjectSchema({
        toolName: textSchema("the give-up tool's name")
          .optional()
          .describe("The give-up tool's name (default cannot_complete_task)."),
        description: textSchema("the give-up tool's description")
          .optional()
          .describe("The give-up tool's description."),
      }),
    ],
    forms('true, false or { toolName?, description? }'),
  )
    .optional()
    .describe(
      'Offer the model a give-up tool (cannot_complete_task, or { toolName, description }); calling it ends the turn with gave_up.',
    ),
  /** Round-specific additions to the system prompt: call a tool first, then use it or answer, then answer. */
  progressivePrompt: new UnionSchema(
    [
      booleanSchema,
      new ObjectSchema({
        first: anyTextSchema
          .optional()
          .describe('The line added to the first request; {round} is its number.'),
        later: anyTextSchema.optional().describe('The line added to the requests after a tool round.'),
        final: anyTextSchema
          .optional()
          .describe('The line added to the last request, which offers no tool call.'),
      }),
    ],
    forms('true, false or { first?, later?, final? }'),
  )
    .optional()
    .describe(
      'Add a line for each round to the system prompt: true for "[Round N]" and "[Final round]" lines, or { first, later, final } texts.',
    ),
  /** Prices per million tokens by model id; with them the result carries `cost`. */
  prices: new RecordSchema(
    new ObjectSchema(
      {
        inputPerMillion: priceSchema.describe('The price of a million input tokens.'),
        outputPerMillion: priceSchema.describe('The price of a million output tokens.'),
        cacheReadPerMillion: priceSchema
          .optional()
          .describe('The price of a million tokens read from the prompt cache (default: the input price).'),
        cacheWritePerMillion: priceSchema
          .optional()
          .describe('The price of a million tokens written to the prompt cache (default: the input price).'),
      },
      forms(
        '{ inputPerMillion, outputPerMillion } (and cacheReadPerMillion, cacheWritePerMillion if they differ from the input price)',
      ),
    ),
    forms('prices by model id'),
  )
    .optional()
    .describe("Prices per million tokens by model id; the turn's result then carries its cost."),
  /**
   * The answer as data: a zod schema (or another Standard Schema with JSON Schema support) or a JSON Schema
   * object. The final answer is parsed as JSON and validated into `result.output`; a mismatch gets one repair
   * request carrying the validation error, then the turn ends with `invalid_output`. Models with native
   * structured output are sent the schema; others are given a `final_answer` tool whose input is the answer.
   */
  output: new ValueSchema<Record<string, JsonValue>>(
    (value) => (isObject(value) ? undefined : expectedGot('a JSON Schema object', value, asJson)),
    { type: 'object' },
  )
    .optional()
    .describe(
      "A JSON Schema the answer must match: it is parsed into the result's output, with one repair request on a mismatch, then invalid_output.",
    ),
};

/** The options a file may hold, as a schema: every data option but those whoever runs the turns gives. */
export const fileLoopOptionsSchema = new ObjectSchema(fileLoopOptionsShape);

/** What `fileLoopOptionsSchema` takes. */
export type FileLoopOptions = (typeof fileLoopOptionsSchema)['input'];
