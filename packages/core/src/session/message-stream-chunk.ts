import type {
  ApprovalRequiredEvent,
  ContentEvent,
  DoneEvent,
  ErrorEvent,
  StatusEvent,
  ThinkingEvent,
  ToolProgressEvent,
  ToolResultEvent,
  ToolStartEvent,
  WarningEvent,
} from '../loop/loop-event.js';
import type { StopReason } from '../loop/stop-reason.js';

/**
 * What a chunk adds to its loop event: `content`, the event as one line of text a chat UI can show as it is
 * (`thinking` and `content`: the text; `status`, `tool-progress`, `warning` and `error`: the message; `tool-start`: the call, such
 * as `get_weather {"city":"Paris"}`; `tool-result`: the tool's output as text, other blocks named).
 */
export interface ChunkContent {
  content: string;
}

/** A `thinking` event, with its text as `content`. */
export type ThinkingChunk = ThinkingEvent & ChunkContent;

/** A `content` event (a fragment of the answer), with its text as `content`. */
export type ContentChunk = ContentEvent & ChunkContent;

/** A `status` event, with its message as `content`. */
export type StatusChunk = StatusEvent & ChunkContent;

/** A `tool-start` event; `content` reads like `get_weather {"city":"Paris"}`. */
export type ToolStartChunk = ToolStartEvent & ChunkContent;

/** A `tool-progress` event, with its message as `content`. */
export type ToolProgressChunk = ToolProgressEvent & ChunkContent;

/** A `tool-result` event; `content` is the tool's output as text. */
export type ToolResultChunk = ToolResultEvent & ChunkContent;

/** A `warning` event, with its message as `content`. */
export type WarningChunk = WarningEvent & ChunkContent;

/** An `error` event, with its message as `content`. */
export type ErrorChunk = ErrorEvent & ChunkContent;

/**
 * An `approval-required` event, unchanged: show its calls, then call `resumeTurn` (or `resumeTurnStream`) with a
 * decision for each, by tool-call id. The turn ends next (`done` with `approval_required`); the session keeps the
 * paused turn, across restarts too.
 */
export type ApprovalRequiredChunk = ApprovalRequiredEvent;

/**
 * The `done` event, sent once the session has been saved, with what a host shows at the end of a turn read out of
 * its result.
 */
export interface DoneChunk extends DoneEvent {
  /** `result.stopReason`. */
  stopReason: StopReason;
  /** The answer: `result.text`. */
  text: string;
  /** Tool calls made in the session so far, this turn's included: `result.sessionToolCalls`. */
  toolCallCount: number;
}

/**
 * What `SessionManager.sendMessageStream` and `resumeTurnStream` yield: the turn's loop events (`LoopEvent`),
 * with the same `type`s and fields, in the same order; each chunk a chat UI shows as a line also carries it as
 * `content`, and `done` comes after the session is saved, with `stopReason`, `text` and `toolCallCount`.
 */
export type MessageStreamChunk =
  | ThinkingChunk
  | ContentChunk
  | StatusChunk
  | ToolStartChunk
  | ToolProgressChunk
  | ToolResultChunk
  | WarningChunk
  | ErrorChunk
  | ApprovalRequiredChunk
  | DoneChunk;
