import type { ToolloopError } from '../errors/toolloop-error.js';
import type { JsonValue } from '../json-value.js';
import type { Message, ToolOutput } from '../model/messages.js';
import type { Usage } from '../model/usage.js';
import type { PausedTurn, PendingApproval } from './paused-turn.js';
import type { StopReason } from './stop-reason.js';

/** One tool call the loop handled, whether it ran, failed, or was refused by a limit. */
export interface ToolCallRecord {
  toolCallId: string;
  name: string;
  input: JsonValue;
  output: ToolOutput;
  isError: boolean;
  /** False when the loop answered the call itself: refused by a limit, an unknown tool, or a stop. */
  executed: boolean;
  /** The tool round it belongs to, from 0. */
  round: number;
  durationMs: number;
}

/** How a turn ended and everything it produced. */
export interface LoopResult {
  stopReason: StopReason;
  /**
   * The text of the last model response: the answer for `completed`, `max_rounds`, `tool_limit` and
   * `session_tool_limit`; what had streamed of it when a `timeout`, an abort or a `model_error` cut it short; a
   * paused response's text joined to its continuation; for `gave_up`, "Unable to complete task: <reason>".
   */
  text: string;
  /** The whole transcript: the messages passed in, then this turn's. Ready to send the next user message. */
  messages: Message[];
  toolCalls: ToolCallRecord[];
  /** Tool rounds: model responses whose tool calls were answered with results (run, failed or refused). */
  rounds: number;
  /** Model requests made. */
  iterations: number;
  /** Tokens of the turn's own model requests. */
  usage: Usage;
  /** Tokens of the generated status lines (`statusModel`, or the model itself), apart from `usage`. */
  statusUsage: Usage;
  durationMs: number;
  /** Tool calls counted against the per-session limit, including this turn's. */
  sessionToolCalls: number;
  /** Tokens (input and output) counted against the per-session budget, including this turn's. */
  sessionTokens: number;
  /** What the tokens cost, with `prices`: the turn's requests and the status lines, in the prices' currency. */
  cost?: { total: number; turn: number; statusLines: number };
  /**
   * With `output`: the answer, parsed as JSON and validated (the schema's output, for zod its parsed value).
   * Set when the turn answered (`completed`, or a cap's last answer) with an answer that matched; not when the
   * turn ended on an error (an abort, a timeout, a hook that threw), even one that came after the answer was
   * checked.
   */
  output?: unknown;
  /** With `approval_required`: the calls that wait for a decision. */
  pendingApprovals?: PendingApproval[];
  /** With `approval_required`: the turn as JSON, to store and pass back as `resume.turn` with the decisions. */
  pausedTurn?: PausedTurn;
  /**
   * What went wrong, for `timeout`, `aborted`, `model_error`, `tool_source_error`, `hook_error` and
   * `invalid_output` (an `InvalidOutputError` with the validation issues).
   */
  error?: ToolloopError;
}
