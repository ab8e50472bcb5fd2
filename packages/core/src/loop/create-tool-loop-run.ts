import { createReplayBuffer } from '../internal/create-replay-buffer.js';
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
  const buffer = createReplayBuffer<LoopEvent, LoopResult>();
  void (async () => {
    try {
      const generator = start(controller.signal);
      for (;;) {
        const next = await generator.next();
        if (next.done === true) {
          buffer.finish(next.value);
          return;
        }
        buffer.push(next.value);
      }
    } catch (error) {
      buffer.fail(error);
    }
  })();

  return {
    result: buffer.result,
    abort(reason) {
      controller.abort(reason);
    },
    [Symbol.asyncIterator]: () => buffer[Symbol.asyncIterator](),
  };
}
