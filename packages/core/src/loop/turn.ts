import type { AbortFanOut } from '../internal/create-abort-fan-out.js';
import type { ToolRegistry } from './create-tool-registry.js';
import type { LoopEvent } from './loop-event.js';
import type { ToolJournalEntry } from './tool-journal.js';
import type { ResolvedLoopOptions } from './tool-loop-options.js';
import type { TurnState } from './turn-state.js';

/** One turn under way: its options, its tools and signals, and its state, as every step and feature reads them. */
export interface Turn {
  readonly options: ResolvedLoopOptions;
  readonly registry: ToolRegistry;
  readonly state: TurnState;
  /** Aborted when the turn is: by its deadline, its caller or `abort()`. */
  readonly signal: AbortSignal;
  /** Passes the turn's abort on to the tool calls running at the time. */
  readonly turnAbort: AbortFanOut;
  /** Aborted when the turn ends: generated status requests may run until then. */
  readonly statusSignal: AbortSignal;
  /** Milliseconds the turn has run, the time before a resumed checkpoint included. */
  readonly elapsedMs: () => number;
  /** Events a feature reports at a point of the cycle; the cycle streams them once the point has passed. */
  readonly outbox: LoopEvent[];
  /**
   * What is known of the calls of the round under way, by tool-call id, with a `toolJournal`: what an earlier run
   * recorded, then what this one does. A call answered without running is answered from it when it ran.
   */
  readonly journal: Map<string, ToolJournalEntry> | undefined;
}
