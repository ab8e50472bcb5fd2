import type { Message } from '../model/messages.js';
import type { Model, ThinkingSettings, ToolChoice } from '../model/model.js';
import type { Tool } from '../tools/define-tool.js';
import type { ToolSource } from '../tools/tool-source.js';
import type { ResolvedContextLimit } from './limit-context.js';
import type { ProgressivePromptTexts } from './progressive-prompt.js';
import type { OnStepFinish, PrepareStep, StopCondition } from './turn-hooks.js';
import type { ResumeTurn } from './paused-turn.js';
import type { ToolJournal } from './tool-journal.js';
import type { TurnCheckpoint } from './turn-checkpoint.js';
import type { CompiledOutputSchema } from './output-schema.js';
import type { TelemetryOptions } from '../telemetry/telemetry-options.js';
import type { ToolLoopOptionsInput } from '../options/tool-loop-options-schema.js';

/** What a model's tokens cost, per million, in any currency (the result's `cost` is in the same). */
export type ModelPrice = NonNullable<ToolLoopOptionsInput['prices']>[string];

/** When and how a turn clears old tool results from its requests (`contextLimit`). */
export type ContextLimit = NonNullable<ToolLoopOptionsInput['contextLimit']>;

/**
 * The limits and behaviour of one turn; every field but `model` is optional. Defined by `toolLoopOptionsSchema`,
 * which also checks them when a turn starts.
 */
// An interface rather than the type alias, so that editors and errors name it.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ToolLoopOptions extends ToolLoopOptionsInput {}

/** The options with defaults applied and every value checked. */
export interface ResolvedLoopOptions {
  model: Model;
  messages: Message[];
  /**
   * How many of `messages` the caller gave (its `messages`, or the resumed checkpoint's): they are the caller's
   * own, and a checkpoint hands them back without copying them. The rest the turn made.
   */
  givenMessages: number;
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
  toolJournal: ToolJournal | undefined;
  idempotent: ToolLoopOptions['idempotent'];
  resume: ResumeTurn | undefined;
  /** `native`: the schema goes to the model as `responseFormat`; `tool`: through the final-answer tool. */
  output: { schema: CompiledOutputSchema; mode: 'native' | 'tool' } | undefined;
  signal: AbortSignal | undefined;
  telemetry: TelemetryOptions;
}
