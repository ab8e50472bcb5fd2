import type { LoopResult } from '../loop/loop-result.js';
import type { MessageStreamChunk } from './message-stream-chunk.js';

/**
 * One message sent to a session: iterate it for chunks, await `result` for the turn's outcome, or `abort()`
 * it. The turn is queued when the message is sent and runs whether or not anyone iterates; each iterator
 * replays the chunks from the start. A turn that cannot run (unknown or expired session) makes the iteration
 * throw and `result` reject.
 */
export interface MessageStream extends AsyncIterable<MessageStreamChunk> {
  readonly sessionId: string;
  readonly result: Promise<LoopResult>;
  /** Ends the turn with stop reason `aborted` (or, if it has not started, before it starts). */
  abort(reason?: unknown): void;
}

/** The producing side of a `MessageStream`, used by the session manager. */
export interface MessageStreamWriter {
  readonly stream: MessageStream;
  readonly signal: AbortSignal;
  push(chunk: MessageStreamChunk): void;
  finish(result: LoopResult): void;
  fail(error: unknown): void;
}

/** Creates a buffered, replayable message stream and the writer that feeds it. */
export function createMessageStream({ sessionId }: { sessionId: string }): MessageStreamWriter {
  const controller = new AbortController();
  const chunks: MessageStreamChunk[] = [];
  const waiters = new Set<() => void>();
  let state: { status: 'running' } | { status: 'finished' } | { status: 'failed'; error: unknown } = {
    status: 'running',
  };
  let settle: { resolve: (result: LoopResult) => void; reject: (error: unknown) => void } | undefined;
  const result = new Promise<LoopResult>((resolve, reject) => (settle = { resolve, reject }));
  // Iterators see a failure too; only a caller that awaits `result` needs the rejection.
  result.catch(() => undefined);

  const notify = () => {
    for (const wake of waiters) wake();
    waiters.clear();
  };

  const stream: MessageStream = {
    sessionId,
    result,
    abort(reason) {
      controller.abort(reason);
    },
    async *[Symbol.asyncIterator]() {
      let index = 0;
      for (;;) {
        const chunk = chunks[index];
        if (chunk !== undefined) {
          index += 1;
          yield chunk;
          continue;
        }
        if (state.status === 'failed') throw state.error;
        if (state.status === 'finished') return;
        await new Promise<void>((resolve) => waiters.add(resolve));
      }
    },
  };

  return {
    stream,
    signal: controller.signal,
    push(chunk) {
      if (state.status !== 'running') return;
      chunks.push(chunk);
      notify();
    },
    finish(value) {
      if (state.status !== 'running') return;
      state = { status: 'finished' };
      settle?.resolve(value);
      notify();
    },
    fail(error) {
      if (state.status !== 'running') return;
      state = { status: 'failed', error };
      settle?.reject(error);
      notify();
    },
  };
}
