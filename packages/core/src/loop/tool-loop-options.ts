import type { Message } from '../model/messages.js';
import type { Model, ThinkingEffort, ThinkingSettings, ToolChoice } from '../model/model.js';
import type { Tool } from '../tools/define-tool.js';
import type { ToolSource } from '../tools/tool-source.js';
import type { ResolvedContextLimit } from './limit-context.js';
import type { ProgressivePromptTexts } from './progressive-prompt.js';
import type { OnStepFinish, PrepareStep, StopCondition } from './turn-hooks.js';
import type { TurnCheckpoint } from './turn-checkpoint.js';
import type { ResumeTurn } from './paused-turn.js';
import type { JsonValue } from '../json-value.js';
import type { CompiledOutputSchema, OutputSchema } from './output-schema.js';
import type { TelemetryOptions } from '../telemetry/telemetry-options.js';

/** What a model's tokens cost, per million, in any currency (the result's `cost` is in the same). */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  /** Tokens read from the prompt cache; default: the input price. */
  cacheReadPerMillion?: number;
  /** Tokens written to the prompt cache; default: the input price. */
  cacheWritePerMillion?: number;
}

/** When and how a turn clears old tool results from its requests (`contextLimit`). */
export interface ContextLimit {
  /**
   * The size past which older tool results are cleared: tokens of the messages a request sends (not the system
   * prompt and tools), estimated at four characters to a token of what the model reads (text, thinking, tool
   * inputs and output; about 1,600 tokens an image; not signatures).
   */
  maxTokens: number;
  /**
   * The most recent tool results (not counting those of `excludeTools`) sent whole. Default 3. The results of
   * the latest round are always sent whole, however many: the model has not read them yet.
   */
  keepToolResults?: number;
  /** Tools whose results are never cleared, such as a plan or notes the model keeps coming back to. */
  excludeTools?: string[];
  /**
   * Condense the oldest part of the conversation into a summary instead of clearing tool results: once past
   * `maxTokens`, everything before the rounds that hold the `keepToolResults` most recent results (and before
   * the latest round) is summarized by one request to `model` (default: the turn's) and sent from then on as a
   * user message that opens the conversation. `true` takes the defaults: the built-in `instructions` (the
   * summary model's system prompt) and `maxTokens` 1024 for the summary. The results of `excludeTools` follow
   * the summary word for word. If the summary request fails, or the token budget may have no room for it,
   * results are cleared as without it for the rest of the turn (a `context_summary_failed` warning says why); a
   * `context_summarized` warning says what was condensed. Its tokens count as the turn's.
   */
  summarize?: boolean | { model?: Model; instructions?: string; maxTokens?: number };
}

/** The limits and behaviour of one turn; every field but `model` is optional. */
export interface ToolLoopOptions {
  model: Model;
  /** The conversation so far. */
  messages?: Message[];
  /** A user message appended to `messages`: the usual way to start a turn. */
  prompt?: string;
  system?: string;
  /** Local tools from `defineTool` and tool sources (MCP servers, custom sources), in any mix. */
  tools?: ReadonlyArray<Tool<unknown> | ToolSource>;
  toolChoice?: ToolChoice;
  /**
   * Model requests per turn; when reached, the loop stops and reports `max_iterations`. The answer request that
   * follows a round or tool-call cap is always made, even past this limit. Default 10, or `maxRounds` if larger.
   */
  maxIterations?: number;
  /** Tool rounds per turn; when reached, one last request with tool choice `none` produces the answer (`max_rounds`). */
  maxRounds?: number;
  /**
   * Failed tool calls in a row, in call order and across rounds, that end the turn (`consecutive_errors`) as soon
   * as the streak reaches it. A call that runs and succeeds ends a streak; one the loop refused does not. Default 3.
   */
  maxConsecutiveErrors?: number;
  /** The whole turn's deadline; the model stream and running tools are aborted (`timeout`). Default 120 000. */
  timeoutMs?: number;
  /** One tool call's deadline; its expiry is an error result the model sees, not a stop. Default 30 000. */
  toolTimeoutMs?: number;
  /** Tool calls allowed: a number means per message; the session count comes in as `sessionToolCalls`. */
  maxToolCalls?: number | { perMessage?: number; perSession?: number };
  /** Tool calls already made in this session, counted against `maxToolCalls.perSession`. Default 0. */
  sessionToolCalls?: number;
  /**
   * The most times one tool may be called with the same input in a turn (successful calls count too). A call
   * beyond it is refused and the turn ends with `no_progress`, after one last request in which the model may
   * call no tool. Default: no limit.
   */
  maxRepeatedCalls?: number;
  /** The most times a response's text may repeat the one before it, word for word; then as `maxRepeatedCalls`. */
  maxRepeatedText?: number;
  /**
   * Tokens (input and output, thinking included; not status lines) a turn, or a session, may use: a number
   * means per turn. Before each request the loop estimates its size from the last one; when it would not fit,
   * the turn ends with `budget_exceeded` — after one last answer when there is room for one.
   */
  tokenBudget?: number | { perTurn?: number; perSession?: number };
  /** Tokens the session has used before this turn, counted against `tokenBudget.perSession`. Default 0. */
  sessionTokens?: number;
  /** Prices per million tokens by model id; with them the result carries `cost`. */
  prices?: Record<string, ModelPrice>;
  /**
   * Keeps a long turn's requests within a context size: once the messages a request would send are estimated
   * past `maxTokens`, the results of older tool calls are sent as a short placeholder from then on (the calls
   * stay, each with its result, so the transcript stays valid), and a `tool_results_cleared` warning says which.
   * The turn's `result.messages` keep every result whole. Default: no limit.
   */
  contextLimit?: ContextLimit;
  /**
   * Tool calls run per model response; the ones beyond it stay in the transcript, are answered "not executed"
   * (the model may ask again) and are reported in a `tools_dropped` warning.
   */
  maxToolsPerResponse?: number;
  /** Tool calls of one response run at once. Default: all of them. */
  toolConcurrency?: number;
  /** What to do when the model calls a tool that does not exist. Default `feedback` (an error result). */
  unknownTool?: 'feedback' | 'stop';
  /**
   * What to do when a tool source cannot list its tools: end the turn with `tool_source_error` (default), or
   * `skip` the source and run with the tools that listed, saying so in a `tool_source_skipped` warning.
   */
  toolSourceError?: 'stop' | 'skip';
  /** Offer the model a tool through which it says it cannot complete the task (`gave_up`). */
  explicitStop?: boolean | { toolName?: string; description?: string };
  /** Round-specific additions to the system prompt: call a tool first, then use it or answer, then answer. */
  progressivePrompt?: boolean | ProgressivePromptTexts;
  /** Status lines: fixed templates, sentences generated by `statusModel`, or none. */
  statusMessages?: 'generated' | 'template' | 'off';
  /** A quick model for generated status sentences; setting it turns `statusMessages` to `generated`. */
  statusModel?: Model;
  /** Thinking: `true`, `false`, a budget, or an effort; the provider maps it to what the model accepts. */
  thinking?: boolean | ThinkingSettings | { budgetTokens: number } | { effort: ThinkingEffort };
  /** The most tokens the model may write in one response, sent with every request; unset, the model's own default. */
  maxTokens?: number;
  /**
   * Conditions checked after each tool round; the first that returns a decision ends the turn with the stop
   * reason it names (snake_case, not a built-in one), reported like a built-in one — or, with `answer: true`,
   * after one last request in which the model may call no tool.
   *
   * @example
   * stopWhen: ({ toolCalls }) => toolCalls.some((call) => call.name === 'submit') && 'answer_submitted'
   */
  stopWhen?: StopCondition | StopCondition[];
  /**
   * Changes the next request: its system prompt (the progressive prompt's line already in it), the tools
   * offered (`activeTools`), the tool choice, or the model.
   */
  prepareStep?: PrepareStep;
  /** Called after each step (a model request and the tool round that followed) with what it sent and got. */
  onStepFinish?: OnStepFinish;
  /**
   * Called between two passes of the turn's cycle (after each tool round, a continued answer, a repair) with a
   * checkpoint of the turn as plain JSON; store it to resume the turn from there with `resume: { turn }`, on this
   * machine or another. The turn waits for it (and its promise); a throw ends the turn with `hook_error`.
   */
  onCheckpoint?: (checkpoint: TurnCheckpoint) => void | Promise<void>;
  /**
   * Calls that wait for a person's decision before they run — of any tool, MCP servers' included; a local
   * tool's own `needsApproval` applies as well. The turn stops with `approval_required` and `result.pausedTurn`.
   */
  needsApproval?: (call: { name: string; input: JsonValue }) => boolean | Promise<boolean>;
  /**
   * Continues a turn from a checkpoint (stored as JSON anywhere): one `onCheckpoint` was given, or the
   * `pausedTurn` of a turn that stopped with `approval_required`, with a decision for each pending call. Give the
   * same tools and options; `messages`, `prompt`, `sessionToolCalls` and `sessionTokens` come from the checkpoint.
   * A decision for a call that does not wait is refused, and so is a paused turn whose transcript no longer ends
   * with the message holding the calls that wait, or a checkpoint written by a newer version of this package.
   */
  resume?: ResumeTurn;
  /**
   * The answer as data: a zod schema (or another Standard Schema with JSON Schema support) or a JSON Schema
   * object. The final answer is parsed as JSON and validated into `result.output`; a mismatch gets one repair
   * request carrying the validation error, then the turn ends with `invalid_output`. Models with native
   * structured output are sent the schema; others are given a `final_answer` tool whose input is the answer.
   */
  output?: OutputSchema;
  signal?: AbortSignal;
  /**
   * OpenTelemetry spans for the turn, its model requests and its tool calls (the semantic conventions for
   * generative AI), when `@opentelemetry/api` is installed: on by default then, `false` turns them off.
   */
  telemetry?: boolean | TelemetryOptions;
}

/** The options with defaults applied and every value checked. */
export interface ResolvedLoopOptions {
  model: Model;
  messages: Message[];
  system: string | undefined;
  tools: ReadonlyArray<Tool<unknown> | ToolSource>;
  toolChoice: ToolChoice | undefined;
  maxIterations: number;
  maxRounds: number;
  maxConsecutiveErrors: number;
  timeoutMs: number;
  toolTimeoutMs: number;
  maxToolCallsPerMessage: number;
  maxToolCallsPerSession: number;
  sessionToolCalls: number;
  maxToolsPerResponse: number;
  toolConcurrency: number;
  maxRepeatedCalls: number;
  maxRepeatedText: number;
  tokenBudgetPerTurn: number;
  tokenBudgetPerSession: number;
  sessionTokens: number;
  prices: Record<string, ModelPrice>;
  contextLimit: ResolvedContextLimit | undefined;
  unknownTool: 'feedback' | 'stop';
  toolSourceError: 'stop' | 'skip';
  explicitStop: { toolName: string; description: string } | undefined;
  progressivePrompt: ProgressivePromptTexts | undefined;
  statusMessages: 'generated' | 'template' | 'off';
  statusModel: Model | undefined;
  thinking: ThinkingSettings | undefined;
  maxTokens: number | undefined;
  stopWhen: StopCondition[];
  prepareStep: PrepareStep | undefined;
  onStepFinish: OnStepFinish | undefined;
  onCheckpoint: ((checkpoint: TurnCheckpoint) => void | Promise<void>) | undefined;
  needsApproval: ToolLoopOptions['needsApproval'];
  resume: ResumeTurn | undefined;
  /** `native`: the schema goes to the model as `responseFormat`; `tool`: through the final-answer tool. */
  output: { schema: CompiledOutputSchema; mode: 'native' | 'tool' } | undefined;
  signal: AbortSignal | undefined;
  telemetry: TelemetryOptions;
}
