import { createReplayBuffer } from '../internal/create-replay-buffer.js';
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
  const buffer = createReplayBuffer<MessageStreamChunk, LoopResult>();
  return {
    stream: {
      sessionId,
      result: buffer.result,
      abort(reason) {
        controller.abort(reason);
      },
      [Symbol.asyncIterator]: () => buffer[Symbol.asyncIterator](),
    },
    signal: controller.signal,
    push: (chunk) => {
      buffer.push(chunk);
    },
    finish: (result) => {
      buffer.finish(result);
    },
    fail: (error) => {
      buffer.fail(error);
    },
  };
}
