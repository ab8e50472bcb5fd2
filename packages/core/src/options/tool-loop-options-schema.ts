import type { Model } from '../model/model.js';
import type { ResumeTurn } from '../loop/paused-turn.js';
import type { ToolJournal } from '../loop/tool-journal.js';
import type { TurnCheckpoint } from '../loop/turn-checkpoint.js';
import type { OnStepFinish, PrepareStep, StopCondition } from '../loop/turn-hooks.js';
import type { JsonValue } from '../json-value.js';
import type { TelemetryOptions } from '../telemetry/telemetry-options.js';
import { closedObjectSchema } from './closed-object-schema.js';
import { ObjectSchema, ValueSchema } from './option-schema.js';
import { callContextLimitSchema } from './context-limit-schema.js';
import { isModel, messagesSchema, outputSchema, toolsSchema } from './loop-input-schemas.js';
import {
  anyTextSchema,
  functionSchema,
  runtimeObjectSchema,
  usedCountSchema,
} from './option-value-schemas.js';
import { fileLoopOptionsShape } from './file-loop-options-schema.js';

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

/** A tool journal: `record` a function, `entries` (when given) an object of the recorded calls. */
function isToolJournal(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { record, entries } = value as { record?: unknown; entries?: unknown };
  return (
    typeof record === 'function' &&
    (entries === undefined || (typeof entries === 'object' && entries !== null))
  );
}

/**
 * Every option of `runToolLoop`, in the order they are checked: the one definition of the options, from which
 * `ToolLoopOptions`, the refusals of `runToolLoop` (`InvalidArgumentError` naming the option), the options a file
 * may hold (`fileLoopOptionsSchema`) and the session config's snake_case names all come.
 */
export const toolLoopOptionsSchema = new ObjectSchema({
  model: runtimeObjectSchema<Model>(isModel, 'expected a Model with a stream() method.'),
  /**
   * Continues a turn from a checkpoint (stored as JSON anywhere): one `onCheckpoint` was given, or the
   * `pausedTurn` of a turn that stopped with `approval_required`, with a decision for each pending call. Give the
   * same tools and options; `messages`, `prompt`, `sessionToolCalls` and `sessionTokens` come from the checkpoint.
   * A decision for a call that does not wait is refused, and so is a paused turn whose transcript no longer ends
   * with the message holding the calls that wait, or a checkpoint written by a newer version of this package.
   */
  resume: closedObjectSchema<ResumeTurn>({
    names: { turn: true, decisions: true },
    accepts: (value) => typeof value === 'object' && value !== null,
    message:
      'expected { turn, decisions? }: a checkpoint of the turn, or the pausedTurn of a result that stopped with approval_required and a decision for each pending call.',
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
  /**
   * Keeps a long turn's requests within a context size: once the messages a request would send are estimated
   * past `maxTokens`, the results of older tool calls are sent as a short placeholder from then on (the calls
   * stay, each with its result, so the transcript stays valid), and a `tool_results_cleared` warning says which.
   * The turn's `result.messages` keep every result whole. Default: no limit.
   */
  contextLimit: callContextLimitSchema.optional(),
  /** A quick model for generated status sentences; setting it turns `statusMessages` to `generated`. */
  statusModel: runtimeObjectSchema<Model>(isModel, 'expected a Model with a stream() method.').optional(),
  /**
   * Conditions checked after each tool round; the first that returns a decision ends the turn with the stop
   * reason it names (snake_case, not a built-in one), reported like a built-in one — or, with `answer: true`,
   * after one last request in which the model may call no tool.
   *
   * @example
   * stopWhen: ({ toolCalls }) => toolCalls.some((call) => call.name === 'submit') && 'answer_submitted'
   */
  stopWhen: new ValueSchema<StopCondition | StopCondition[]>((value) => {
    if (typeof value === 'function') return undefined;
    if (!Array.isArray(value)) return 'expected a function.';
    return value.flatMap((hook: unknown, index) =>
      typeof hook === 'function' ? [] : [{ path: [index], message: 'expected a function.' }],
    );
  }).optional(),
  /**
   * Changes the next request: its system prompt (the progressive prompt's line already in it), the tools
   * offered (`activeTools`), the tool choice, or the model.
   */
  prepareStep: functionSchema<PrepareStep>().optional(),
  /** Called after each step (a model request and the tool round that followed) with what it sent and got. */
  onStepFinish: functionSchema<OnStepFinish>().optional(),
  /**
   * Called between two passes of the turn's cycle (after each tool round, a continued answer, a repair) with a
   * checkpoint of the turn as plain JSON; store it to resume the turn from there with `resume: { turn }`, on this
   * machine or another. The turn waits for it (and its promise), but not past its own end (its deadline, an
   * abort): a save still under way then goes on without it. A throw ends the turn with `hook_error`.
   */
  onCheckpoint: functionSchema<(checkpoint: TurnCheckpoint) => void | Promise<void>>().optional(),
  /**
   * Calls that wait for a person's decision before they run — of any tool, MCP servers' included; a local
   * tool's own `needsApproval` applies as well. The turn stops with `approval_required` and `result.pausedTurn`.
   */
  needsApproval:
    functionSchema<(call: { name: string; input: JsonValue }) => boolean | Promise<boolean>>().optional(),
  /**
   * Records the tool calls as they start and finish, and takes a checkpoint as a round's calls start, so that a
   * turn resumed after a crash runs none of them twice (see `ToolJournal`).
   */
  toolJournal: closedObjectSchema<ToolJournal>({
    names: { entries: true, record: true },
    accepts: isToolJournal,
    message:
      'expected { record, entries? }: record(entry) a function, entries the recorded calls by tool-call id.',
  }).optional(),
  /**
   * Calls that may run again when a turn resumed after a crash finds them started and never finished — of any
   * tool, MCP servers' included; a local tool's own `idempotent` applies as well. Others get an error result
   * saying their outcome is unknown.
   */
  idempotent:
    functionSchema<(call: { name: string; input: JsonValue }) => boolean | Promise<boolean>>().optional(),
  /**
   * The answer as data: a zod schema (or another Standard Schema with JSON Schema support) or a JSON Schema
   * object. The final answer is parsed as JSON and validated into `result.output`; a mismatch gets one repair
   * request carrying the validation error, then the turn ends with `invalid_output`. Models with native
   * structured output are sent the schema; others are given a `final_answer` tool whose input is the answer.
   */
  output: outputSchema.optional(),
  signal: runtimeObjectSchema<AbortSignal>(
    (value) => value instanceof AbortSignal,
    'expected an AbortSignal.',
  ).optional(),
  /**
   * OpenTelemetry spans for the turn, its model requests and its tool calls (the semantic conventions for
   * generative AI), when `@opentelemetry/api` is installed: on by default then, `false` turns them off.
   */
  telemetry: closedObjectSchema<boolean | TelemetryOptions>({
    names: { enabled: true, tracer: true, captureContent: true, agentName: true },
    accepts: isTelemetry,
    message:
      'expected true, false or { enabled, tracer, captureContent, agentName }, where tracer is an OpenTelemetry Tracer.',
  }).optional(),
});

/** What `toolLoopOptionsSchema` takes: `ToolLoopOptions`. */
export type ToolLoopOptionsInput = (typeof toolLoopOptionsSchema)['input'];
