import { z } from 'zod';
import type { Model, ThinkingEffort } from '../model/model.js';
import type { ResumeTurn } from '../loop/paused-turn.js';
import type { OnStepFinish, PrepareStep, StopCondition } from '../loop/turn-hooks.js';
import type { JsonValue } from '../json-value.js';
import type { TelemetryOptions } from '../telemetry/telemetry-options.js';
import { closedObjectSchema } from './closed-object-schema.js';
import { optionsObjectSchema } from './options-object-schema.js';
import { callContextLimitSchema, fileContextLimitSchema } from './context-limit-schema.js';
import { isModel, messagesSchema, outputSchema, toolsSchema } from './loop-input-schemas.js';
import {
  anyTextSchema,
  asJson,
  booleanSchema,
  countSchema,
  durationSchema,
  expectedGot,
  functionSchema,
  oneOfSchema,
  priceSchema,
  runtimeObjectSchema,
  sentCountSchema,
  textSchema,
  usedCountSchema,
} from './option-value-schemas.js';
import { shorthandSchema } from './shorthand-schema.js';

const thinkingEfforts = ['low', 'medium', 'high', 'max'] as const satisfies readonly ThinkingEffort[];

/** `expected …, got …` for a value of none of an option's forms. */
const forms = (expected: string) => ({
  error: (issue: { input?: unknown }) => expectedGot(expected, issue.input, asJson),
});

/**
 * The options of a turn that can be written in a file (a scenario's `loop`, a session's config): data only. The
 * options that hold a model, a function or a live object are `toolLoopOptionsSchema`'s alone.
 */
export const fileLoopOptionsShape = {
  system: anyTextSchema.optional().describe('The system prompt.'),
  maxToolCalls: z
    .union(
      [
        shorthandSchema({ field: 'perMessage', schema: countSchema(0) }),
        optionsObjectSchema({
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
  thinking: z
    .union(
      [
        booleanSchema,
        optionsObjectSchema({
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
  maxIterations: countSchema(1)
    .optional()
    .describe(
      'Model requests per turn; when reached, the turn stops with max_iterations. Default 10, or maxRounds if larger.',
    ),
  maxRounds: countSchema(1)
    .optional()
    .describe(
      'Tool rounds per turn; when reached, one last request with tool choice none gives the answer (max_rounds).',
    ),
  maxConsecutiveErrors: countSchema(1)
    .optional()
    .describe('Failed tool calls in a row that stop the turn (consecutive_errors). Default 3.'),
  timeoutMs: durationSchema
    .optional()
    .describe("The whole turn's deadline in milliseconds (timeout). Default 120000."),
  toolTimeoutMs: durationSchema
    .optional()
    .describe(
      "One tool call's deadline in milliseconds; its expiry is an error result, not a stop. Default 30000.",
    ),
  maxTokens: sentCountSchema.optional().describe('The longest answer per model request, in tokens.'),
  tokenBudget: z
    .union(
      [
        shorthandSchema({ field: 'perTurn', schema: countSchema(1) }),
        optionsObjectSchema({
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
  contextLimit: fileContextLimitSchema
    .optional()
    .describe(
      "Past maxTokens, the results of older tool calls go to the model as a placeholder from then on (a tool_results_cleared warning names them), or with summarize the oldest rounds as a summary; the turn's messages keep them whole.",
    ),
  toolChoice: z
    .union(
      [
        optionsObjectSchema({
          type: oneOfSchema(['auto', 'required', 'none']).describe(
            'auto: the model decides; required: it must call a tool; none: it may call none.',
          ),
        }),
        optionsObjectSchema({
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
  maxToolsPerResponse: countSchema(1)
    .optional()
    .describe(
      'Tool calls run per model response; the rest are answered "not executed" and named in a tools_dropped warning.',
    ),
  toolConcurrency: countSchema(1)
    .optional()
    .describe(
      "Tool calls of one response that run at once; 1 runs them one after another, in the model's order. Default: all at once.",
    ),
  maxRepeatedCalls: countSchema(1)
    .optional()
    .describe(
      'The most times one tool may be called with the same input in a turn; a call beyond it is refused and the turn ends with no_progress after a last answer.',
    ),
  maxRepeatedText: countSchema(1)
    .optional()
    .describe(
      'The most times in a row a response may repeat the text of the one before it (then no_progress).',
    ),
  unknownTool: oneOfSchema(['feedback', 'stop'])
    .optional()
    .describe(
      'A call to a tool that does not exist: an error result the model sees (feedback, the default) or a stop.',
    ),
  toolSourceError: oneOfSchema(['stop', 'skip'])
    .optional()
    .describe(
      'A tool source that cannot list its tools: end the turn with tool_source_error (stop, the default) or skip it with a tool_source_skipped warning.',
    ),
  statusMessages: oneOfSchema(['generated', 'template', 'off'])
    .optional()
    .describe('Status lines: fixed templates (default), sentences the model writes, or none.'),
  explicitStop: z
    .union(
      [
        booleanSchema,
        optionsObjectSchema({
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
  progressivePrompt: z
    .union(
      [
        booleanSchema,
        optionsObjectSchema({
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
  prices: z
    .record(
      z.string(),
      optionsObjectSchema(
        {
          inputPerMillion: priceSchema.describe('The price of a million input tokens.'),
          outputPerMillion: priceSchema.describe('The price of a million output tokens.'),
          cacheReadPerMillion: priceSchema
            .optional()
            .describe('The price of a million tokens read from the prompt cache (default: the input price).'),
          cacheWritePerMillion: priceSchema
            .optional()
            .describe(
              'The price of a million tokens written to the prompt cache (default: the input price).',
            ),
        },
        '{ inputPerMillion, outputPerMillion } (and cacheReadPerMillion, cacheWritePerMillion if they differ from the input price)',
      ),
    )
    .optional()
    .describe("Prices per million tokens by model id; the turn's result then carries its cost."),
  output: z
    .record(z.string(), z.json())
    .optional()
    .describe(
      "A JSON Schema the answer must match: it is parsed into the result's output, with one repair request on a mismatch, then invalid_output.",
    ),
};

/** A tracer, when given, is an OpenTelemetry Tracer: what the loop calls is `startSpan`. */
function isTelemetry(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value !== 'object' || value === null) return false;
  const tracer: unknown = Reflect.get(value, 'tracer');
  return (
    tracer === undefined ||
    (typeof tracer === 'object' && tracer !== null && typeof Reflect.get(tracer, 'startSpan') === 'function')
  );
}

/**
 * Every option of `runToolLoop`, in the order they are checked: the one definition of the options, from which
 * `ToolLoopOptions`, the refusals of `runToolLoop` (`InvalidArgumentError` naming the option), the options a file
 * may hold (`fileLoopOptionsSchema`) and the session config's snake_case names all come.
 */
export const toolLoopOptionsSchema = optionsObjectSchema({
  model: runtimeObjectSchema<Model>(isModel, 'expected a Model with a stream() method.'),
  resume: closedObjectSchema<ResumeTurn>({
    names: { turn: true, decisions: true },
    accepts: (value) => typeof value === 'object' && value !== null,
    message: 'expected { turn, decisions }: the pausedTurn of a result that stopped with approval_required.',
  }).optional(),
  /** The conversation so far. */
  messages: messagesSchema.optional(),
  /** A user message appended to `messages`: the usual way to start a turn. */
  prompt: anyTextSchema.optional(),
  /** Local tools from `defineTool` and tool sources (MCP servers, custom sources), in any mix. */
  tools: toolsSchema.optional(),
  ...fileLoopOptionsShape,
  /** Tool calls already made in this session, counted against `maxToolCalls.perSession`. Default 0. */
  sessionToolCalls: usedCountSchema.optional(),
  /** Tokens the session has used before this turn, counted against `tokenBudget.perSession`. Default 0. */
  sessionTokens: usedCountSchema.optional(),
  contextLimit: callContextLimitSchema.optional(),
  /** A quick model for generated status sentences; setting it turns `statusMessages` to `generated`. */
  statusModel: runtimeObjectSchema<Model>(isModel, 'expected a Model with a stream() method.').optional(),
  stopWhen: z
    .union([functionSchema<StopCondition>(), z.array(functionSchema<StopCondition>())], {
      error: 'expected a function.',
    })
    .optional(),
  prepareStep: functionSchema<PrepareStep>().optional(),
  onStepFinish: functionSchema<OnStepFinish>().optional(),
  needsApproval:
    functionSchema<(call: { name: string; input: JsonValue }) => boolean | Promise<boolean>>().optional(),
  output: outputSchema.optional(),
  signal: runtimeObjectSchema<AbortSignal>(
    (value) => value instanceof AbortSignal,
    'expected an AbortSignal.',
  ).optional(),
  telemetry: closedObjectSchema<boolean | TelemetryOptions>({
    names: { enabled: true, tracer: true, captureContent: true, agentName: true },
    accepts: isTelemetry,
    message:
      'expected true, false or { enabled, tracer, captureContent, agentName }, where tracer is an OpenTelemetry Tracer.',
  }).optional(),
});

/** What `toolLoopOptionsSchema` takes: `ToolLoopOptions`. */
export type ToolLoopOptionsInput = z.input<typeof toolLoopOptionsSchema>;

/** The options a file may hold, as a schema: every data option but those whoever runs the turns gives. */
export const fileLoopOptionsSchema = optionsObjectSchema(fileLoopOptionsShape);

/** What `fileLoopOptionsSchema` takes. */
export type FileLoopOptions = z.input<typeof fileLoopOptionsSchema>;
