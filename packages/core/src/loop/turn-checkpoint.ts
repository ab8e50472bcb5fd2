import type { JsonValue } from '../json-value.js';
import type { Message } from '../model/messages.js';
import type { Usage } from '../model/usage.js';
import type { ToolCallRecord } from './loop-result.js';
import type { ApprovalDecision, PendingApproval } from './paused-turn.js';
import type { StopReason } from './stop-reason.js';
import type { StepInfo } from './turn-hooks.js';

/**
 * A turn between two rounds, as plain JSON: store it anywhere (a session file, a database) and pass it back as
 * `resume.turn` to go on from there. The resumed turn makes the same requests and reaches the same result as the
 * turn would have without stopping: every limit, budget and deadline counts what was counted before.
 *
 * A turn that stopped with `approval_required` leaves one with `pendingApprovals` (its `pausedTurn`): it goes on
 * once each pending call has a decision. `features` holds the state of the loop's features (limits, the context
 * summary…), each in its own form: read it as opaque.
 */
export interface TurnCheckpoint {
  version: 2;
  /** The transcript so far, the turn's prompt included. */
  messages: Message[];
  state: CheckpointState;
  /** Each feature's state, by feature, as the feature saves it. */
  features: Record<string, JsonValue>;
  /** The calls that wait for a person's decision, when the turn paused for approval. */
  pendingApprovals?: PendingApproval[];
  /** With `pendingApprovals`: the step whose calls wait, as `onStepFinish` will report it once they are handled. */
  pausedStep?: PausedStep;
  /**
   * The step whose calls were running when the checkpoint was taken: decided, and started through the turn's
   * `toolJournal` (only such a turn takes this checkpoint). The turn resumed from it answers those calls from the
   * journal and runs none of them twice.
   */
  runningStep?: RunningStep;
}

/** What the turn has counted, and where its answer stands. */
export interface CheckpointState {
  iterations: number;
  rounds: number;
  toolCalls: ToolCallRecord[];
  usage: Usage;
  statusUsage: Usage;
  usageByModel: Array<[string, Usage]>;
  /** The answer so far: the last response's text, with the text of the responses it continues. */
  text: string;
  /** The last response paused its answer: the next one continues its text. */
  answerPaused: boolean;
  /** Input and output tokens of the last request, which estimate the next one for token budgets. */
  lastRequestTokens: number;
  /** Tokens the session had used before the turn, counted against `tokenBudget.perSession`. */
  sessionTokens: number;
  /** Milliseconds the turn had run; its deadline counts them. */
  elapsedMs: number;
  /** Set once a cap or a stop condition asked for a last answer: the next request offers no tool. */
  finalAnswerFor?: { reason: StopReason; detail?: string };
}

/** The step of a paused turn whose calls wait. */
export interface PausedStep {
  /** The tools the model could call in that step. */
  toolNames: string[];
  step: Omit<StepInfo, 'toolCalls'>;
}

/** The step of a checkpoint taken while its calls ran, and the decisions it ran them with. */
export interface RunningStep extends PausedStep {
  /** The decisions on calls that had waited for approval, when the step was a paused turn's. */
  decisions?: Record<string, ApprovalDecision>;
}

/** A turn that stopped with `approval_required`: a checkpoint whose calls wait for decisions. */
export type PausedTurn = TurnCheckpoint & { pendingApprovals: PendingApproval[]; pausedStep: PausedStep };

/** The version of the checkpoints this loop writes; it reads them, and paused turns of version 1. */
export const checkpointVersion = 2;
