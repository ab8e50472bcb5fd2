import type { PendingApproval } from '../loop/paused-turn.js';
import type { JsonValue } from '../json-value.js';
import type { LoopEvent } from '../loop/loop-event.js';
import type { LoopErrorCode } from '../loop/loop-event.js';
import type { LoopResult } from '../loop/loop-result.js';
import type { StopReason } from '../loop/stop-reason.js';
import type { ToolOutput } from '../model/messages.js';

/** What every chunk carries besides its own fields: the loop event it was made from, for hosts that want more. */
export interface ChunkSource {
  event: LoopEvent;
}

/** A fragment of the model's thinking, as it streams. */
export interface ThinkingChunk extends ChunkSource {
  type: 'thinking';
  content: string;
}

/** A tool call about to run; `content` reads like `get_weather {"city":"Paris"}`. */
export interface ToolStartChunk extends ChunkSource {
  type: 'tool-start';
  content: string;
  toolName: string;
  toolCallId: string;
  input: JsonValue;
}

/** A tool call's result as text (`content`), and as the tool returned it (`output`). */
export interface ToolResultChunk extends ChunkSource {
  type: 'tool-result';
  content: string;
  toolName: string;
  toolCallId: string;
  isError: boolean;
  output: ToolOutput;
}

/** A fragment of the answer, as it streams. */
export interface ContentChunk extends ChunkSource {
  type: 'content';
  content: string;
}

/** A status line for the user, such as "Using Get Weather...". */
export interface StatusChunk extends ChunkSource {
  type: 'status';
  content: string;
}

/** Something that did not stop the turn, such as thinking turned off for a model that cannot think. */
export interface WarningChunk extends ChunkSource {
  type: 'warning';
  content: string;
  code: string;
}

/** A failure the user should see (a tool error, a limit reached), streamed in order with everything else. */
export interface ErrorChunk extends ChunkSource {
  type: 'error';
  error: string;
  code: LoopErrorCode;
  toolName?: string;
  toolCallId?: string;
}

/**
 * Tool calls wait for the user's decision: show them, then call `resumeTurn` (or `resumeTurnStream`) with a
 * decision for each, by tool-call id. The turn
 * ends next (`done` with `approval_required`); the session keeps the paused turn, across restarts too.
 */
export interface ApprovalRequiredChunk extends ChunkSource {
  type: 'approval-required';
  calls: PendingApproval[];
}

/** The last chunk of every turn, sent once the session has been saved. */
export interface DoneChunk extends ChunkSource {
  type: 'done';
  stopReason: StopReason;
  /** The answer. */
  text: string;
  /** Tool calls made in the session so far, this turn's included. */
  toolCallCount: number;
  result: LoopResult;
}

/**
 * What `SessionManager.sendMessageStream` yields: `thinking`, `tool-start`, `tool-result`, `content`, `error`
 * and a last `done` (the chunk types hosts of the `LLMConfig` shape consume), plus `status` and `warning`.
 */
export type MessageStreamChunk =
  | ThinkingChunk
  | ToolStartChunk
  | ToolResultChunk
  | ContentChunk
  | StatusChunk
  | WarningChunk
  | ErrorChunk
  | ApprovalRequiredChunk
  | DoneChunk;
