import type { JsonValue } from '../json-value.js';
import type { ToolOutput } from '../model/messages.js';
import type { LoopResult } from './loop-result.js';
import type { PendingApproval } from './paused-turn.js';
import type { StopReason } from './stop-reason.js';

/** A status line for the user, such as "Analyzing request..." or "Using Get Weather...". */
export interface StatusEvent {
  type: 'status';
  message: string;
}

/** A fragment of the model's thinking, as it streams. */
export interface ThinkingEvent {
  type: 'thinking';
  text: string;
}

/** A fragment of the model's answer, as it streams. */
export interface ContentEvent {
  type: 'content';
  text: string;
}

/**
 * The loop takes up a tool call: it is about to run, or the loop is about to answer it itself (see `executed`
 * on its `tool-result`). Every call of `result.toolCalls` has exactly one `tool-start`, then one `tool-result`.
 */
export interface ToolStartEvent {
  type: 'tool-start';
  toolCallId: string;
  name: string;
  input: JsonValue;
  round: number;
}

/**
 * A running tool call says how it is getting on (its source's `onProgress`): an MCP server's progress
 * notification, or a round of questions (elicitation, sampling) a 2026-07-28 server asked and the host answered.
 * Only between the call's `tool-start` and its `tool-result`.
 */
export interface ToolProgressEvent {
  type: 'tool-progress';
  toolCallId: string;
  name: string;
  message: string;
  progress?: number;
  total?: number;
  /** `input`: a round of questions the call's server asked, answered by the host (`progress` counts them). */
  kind?: 'input';
  round: number;
}

/** A tool call finished (or was refused); `isError` results go back to the model like any other. */
export interface ToolResultEvent {
  type: 'tool-result';
  toolCallId: string;
  name: string;
  output: ToolOutput;
  isError: boolean;
  /** False when the loop answered the call without running it (a limit, an unknown tool, a stop, an abort). */
  executed: boolean;
  durationMs: number;
  round: number;
}

/**
 * Something the caller should know that did not stop anything: a setting the model does not support, calls
 * beyond `maxToolsPerResponse` (`tools_dropped`), repeated tool-call ids (`duplicate_tool_call_id`), a tool source
 * left out (`tool_source_skipped`), a tool its source left out (`tool_skipped`: an MCP tool whose schema nests too
 * deep to send, or that runs only as a task), older tool results cleared under `contextLimit`
 * (`tool_results_cleared`).
 */
export interface WarningEvent {
  type: 'warning';
  code: string;
  message: string;
}

/** What an error event is about: a tool that failed, a limit that was hit, or the reason the turn stopped. */
export type LoopErrorCode =
  | 'tool_error'
  | 'tool_timeout'
  | 'invalid_tool_input'
  | 'unknown_tool'
  /** A call cut short by a crash, answered without running it again (see `toolJournal`). */
  | 'tool_interrupted'
  | Exclude<StopReason, 'completed' | 'max_rounds' | 'approval_required'>;

/** A failure the user should see, streamed in order with everything else. */
export interface ErrorEvent {
  type: 'error';
  code: LoopErrorCode;
  message: string;
  toolName?: string;
  toolCallId?: string;
}

/** Tool calls wait for a person's decision: the turn ends next, with `approval_required` and its paused turn. */
export interface ApprovalRequiredEvent {
  type: 'approval-required';
  calls: PendingApproval[];
}

/** The last event of every turn. */
export interface DoneEvent {
  type: 'done';
  result: LoopResult;
}

/** What a running turn streams. `done` is always the last event, and comes exactly once. */
export type LoopEvent =
  | StatusEvent
  | ThinkingEvent
  | ContentEvent
  | ToolStartEvent
  | ToolProgressEvent
  | ToolResultEvent
  | WarningEvent
  | ErrorEvent
  | ApprovalRequiredEvent
  | DoneEvent;
