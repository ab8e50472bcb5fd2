import type { LoopEvent } from './loop-event.js';
import type { LoopResult } from './loop-result.js';

/**
 * A running turn: iterate it for events, await `result` for the outcome, or `abort()` it. The turn starts at
 * once and runs to its end whether or not anyone iterates; each iterator replays the events from the start.
 */
export interface ToolLoopRun extends AsyncIterable<LoopEvent> {
  /** Resolves when the turn ends, whatever the stop reason; rejects only for setup errors and bugs. */
  readonly result: Promise<LoopResult>;
  /** Ends the turn with stop reason `aborted`: the model stream and running tools are cancelled. */
  abort(reason?: unknown): void;
}

/** Drives a turn generator eagerly, buffering its events for any number of iterators. */
export function createToolLoopRun(
  start: (signal: AbortSignal) => AsyncGenerator<LoopEvent, LoopResult>,
): ToolLoopRun {
  const controller = new AbortController();
  const events: LoopEvent[] = [];
  const waiters = new Set<() => void>();
  let state: { status: 'running' } | { status: 'finished' } | { status: 'failed'; error: unknown } = {
    status: 'running',
  };
  const notify = () => {
    for (const wake of waiters) wake();
    waiters.clear();
  };

  const result = (async () => {
    const generator = start(controller.signal);
    try {
      for (;;) {
        const next = await generator.next();
        if (next.done === true) {
          state = { status: 'finished' };
          return next.value;
        }
        events.push(next.value);
        notify();
      }
    } catch (error) {
      state = { status: 'failed', error };
      throw error;
    } finally {
      notify();
    }
  })();
  // Iterators see a failure too; only a caller that awaits `result` needs the rejection.
  result.catch(() => undefined);

  return {
    result,
    abort(reason) {
      controller.abort(reason);
    },
    async *[Symbol.asyncIterator]() {
      let index = 0;
      for (;;) {
        const event = events[index];
        if (event !== undefined) {
          index += 1;
          yield event;
          continue;
        }
        if (state.status === 'failed') throw state.error;
        if (state.status === 'finished') return;
        await new Promise<void>((resolve) => waiters.add(resolve));
      }
    },
  };
}
