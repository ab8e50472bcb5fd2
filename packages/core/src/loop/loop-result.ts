import type { ToolloopError } from '../errors/toolloop-error.js';
import type { JsonValue } from '../json-value.js';
import type { Message, ToolOutput } from '../model/messages.js';
import type { Usage } from '../model/usage.js';
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
  /** The answer: the text of the last model response (for `gave_up`, "Unable to complete task: <reason>"). */
  text: string;
  /** The whole transcript: the messages passed in, then this turn's. Ready to send the next user message. */
  messages: Message[];
  toolCalls: ToolCallRecord[];
  /** Tool rounds: model responses whose tool calls were answered with results (run, failed or refused). */
  rounds: number;
  /** Model requests made. */
  iterations: number;
  usage: Usage;
  durationMs: number;
  /** Tool calls counted against the per-session limit, including this turn's. */
  sessionToolCalls: number;
  /** What went wrong, for `timeout`, `aborted` and `model_error`. */
  error?: ToolloopError;
}
