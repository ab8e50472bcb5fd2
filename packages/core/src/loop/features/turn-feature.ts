import type { JsonValue } from '../../json-value.js';
import type { PlannedToolCall, ToolCallPlan } from '../plan-tool-calls.js';
import type { ToolCallOutcome } from '../tool-call-outcome.js';
import type { Turn } from '../turn.js';
import type { TurnEnding } from '../turn-ending.js';
import type { RequestDraft } from '../request-draft.js';
import type { FeatureSlices, TurnState } from '../turn-state.js';

/**
 * What a feature decides at a point of the cycle: go on (`undefined`), end the turn now, or let the model give
 * one last answer (the next request offers no tool) and end the turn with this ending.
 */
export type Verdict = { end: TurnEnding } | { answer: TurnEnding } | undefined;

/** A tool round that has run: the plan of the response's calls, the calls as they were handled, their outcomes. */
export interface FinishedRound {
  plan: ToolCallPlan;
  calls: readonly PlannedToolCall[];
  outcomes: readonly ToolCallOutcome[];
}

/**
 * A built-in feature of the loop (a limit, a budget, the context limit, a host's hook…): the points of the turn's
 * cycle at which it acts, each optional. The cycle asks the features at a point in the order of `turnFeatures`;
 * at `beforeRequest` and `afterRound` the first `end` ends the turn, and the first `answer` asks for the last one.
 * What a feature reports (warnings, status lines) goes to `turn.outbox`.
 */
export interface TurnFeature {
  /** Before each model request, while the turn may still stop without making it. */
  beforeRequest?(turn: Turn): Verdict | Promise<Verdict>;
  /** Shapes the next request: its system prompt, tools, tool choice, model and messages. */
  prepareRequest?(turn: Turn, draft: RequestDraft): void | Promise<void>;
  /** After a tool round has run and been recorded. */
  afterRound?(turn: Turn, round: FinishedRound): Verdict | Promise<Verdict>;
}

/**
 * How a feature's slice of the turn state is saved in a checkpoint (plain JSON) and read back. A slice read back
 * may come from an earlier version of the loop, or be edited by hand: what is not well formed is read as it is at
 * the start of a turn.
 */
export interface SliceCodec<Name extends keyof FeatureSlices> {
  readonly name: Name;
  save(slice: FeatureSlices[Name]): JsonValue;
  restore(saved: unknown, state: TurnState): FeatureSlices[Name];
}
