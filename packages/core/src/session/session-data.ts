import type { PausedTurn } from '../loop/paused-turn.js';
import type { ToolJournalEntry } from '../loop/tool-journal.js';
import type { TurnCheckpoint } from '../loop/turn-checkpoint.js';
import type { Message } from '../model/messages.js';
import type { StoredLlmConfig } from './llm-config.js';

/**
 * One session: its config (never with the API key or a server value given literally), the transcript so far,
 * when it was last used, the tool calls and tokens counted against its per-session limits, and the turn that
 * waits for approval decisions, if any.
 */
export interface SessionData {
  id: string;
  /**
   * The version the store holds: 1 after the first save, one more after each. A save is made from a version
   * and refused (`SessionConflictError`) when another save landed since. Absent on a session not yet saved.
   */
  version?: number;
  /** The host whose save made this version (its lease owner), when the save named one. */
  savedBy?: string;
  llmConfig: StoredLlmConfig;
  /** The provider-neutral transcript, without the system prompt (that comes from `llmConfig`). */
  messages: Message[];
  lastActivity: Date;
  toolCallCount: number;
  /**
   * Tokens (input and output) of every turn so far, counted against `token_budget.per_session`. Absent in
   * sessions a store kept from before tokens were counted: none.
   */
  tokenCount?: number;
  /**
   * The last turn, when it stopped with `approval_required`: its `pendingApprovals` wait for the decisions
   * `resumeTurn` takes. Its `messages` are the session's.
   */
  pausedTurn?: PausedTurn;
  /**
   * The checkpoint of a turn that has not ended: saved after each of its rounds, gone once the turn ends. A
   * session that has one was left mid-turn (the host stopped); `runToolLoop({ resume: { turn } })` goes on from
   * it. Its `messages` are the session's.
   */
  turnUnderWay?: TurnCheckpoint;
  /**
   * The tool calls of the turn under way's round, by tool-call id, as they started and finished: a host that
   * goes on with the turn runs none of them twice. Gone once the round's results are in the messages.
   */
  toolJournal?: Record<string, ToolJournalEntry>;
}
