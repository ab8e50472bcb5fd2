import type { ToolOutput } from '../model/messages.js';

/** What a turn's tool journal records of one call: that it started, or that it finished and with what result. */
export type ToolJournalEntry =
  | { toolCallId: string; name: string; status: 'started' }
  | { toolCallId: string; name: string; status: 'finished'; output: ToolOutput; isError: boolean };

/**
 * Where a turn records its tool calls as they start and finish, so that the turn resumed after a crash (from a
 * checkpoint taken as its calls started: `onCheckpoint`, `runningStep`) runs none of them twice. A call the
 * journal says finished is answered with its recorded result; one that started and never finished runs again
 * only if its tool is idempotent (`defineTool({ idempotent })`, or the loop's `idempotent` rule), and is
 * otherwise answered with an error saying its outcome is unknown.
 */
export interface ToolJournal {
  /** What an earlier run of the turn recorded of the calls it was running, by tool-call id. */
  entries?: Readonly<Record<string, ToolJournalEntry>>;
  /**
   * Records a call: `started` before it runs, `finished` with its result before the turn uses it; each is
   * waited for (a call does not start until its start is recorded). A throw ends the turn with `hook_error`.
   */
  record(entry: ToolJournalEntry): void | Promise<void>;
}
