import type { JsonValue } from '../json-value.js';
import type { Message, ToolCallPart } from '../model/messages.js';
import type { TurnCheckpoint } from './turn-checkpoint.js';

/** A tool call that waits for a person's decision. */
export interface PendingApproval {
  toolCallId: string;
  name: string;
  input: JsonValue;
}

/** A person's decision on a pending call: run it, or not (the model reads the reason). */
export type ApprovalDecision = { approved: true } | { approved: false; reason?: string };

/**
 * Where a resumed turn goes on from: a checkpoint (`onCheckpoint`, or the `pausedTurn` of a result that stopped
 * with `approval_required`), and, for a paused turn, a decision for every pending call, by tool-call id.
 */
export interface ResumeTurn {
  turn: TurnCheckpoint;
  /** Required when the checkpoint has pending approvals, and only then. */
  decisions?: Record<string, ApprovalDecision>;
}

/**
 * The calls that wait for their results: those of the transcript's last message when it is the assistant's (a
 * paused turn's, or those of a turn that ended between the model's response and its tool round).
 */
export function waitingCalls(messages: readonly Message[]): ToolCallPart[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return [];
  return last.content.filter((part): part is ToolCallPart => part.type === 'tool-call');
}

export type { PausedTurn } from './turn-checkpoint.js';
