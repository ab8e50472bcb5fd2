import { wait, waitForAbort } from '../internal/wait.js';
import type { StreamRecord, StreamStatus } from '../records/stream-record.js';

const encoder = new TextEncoder();

/**
 * A response body that sends framed events (text, or bytes already encoded) one at a time, on demand, with `chunkDelayMs` between them. It stops
 * after `truncateAfter` events when set; with `hang` it then sends nothing more until the client goes away.
 * Client aborts (`signal`) and cancels clear every timer, error the body and mark the record `aborted`.
 */
export function createEventStream(options: {
  chunks: ReadonlyArray<string | Uint8Array>;
  chunkDelayMs?: number;
  truncateAfter?: number;
  hang?: boolean;
  /** Aborts when the client goes away (or the server stops the stream). */
  signal: AbortSignal;
  /** Whether an abort now is the client's doing (default: always); recorded as `clientAborted`. */
  isClientAbort?: () => boolean;
  /** Updated as events are sent; its `status` leaves `open` exactly once. */
  record: StreamRecord;
  /** Called after each event is enqueued (the record is up to date then). */
  onSent?: () => void;
  onEnd?: () => void;
}): ReadableStream<Uint8Array> {
  const { chunks, record, signal, hang = false, chunkDelayMs = 0 } = options;
  const limit = Math.min(options.truncateAfter ?? (hang ? 0 : chunks.length), chunks.length);
  // Stops the waits between events and a hang; made only for a stream that waits (aborting one makes an error
  // object, which every plain stream would pay for at its end).
  let stop: AbortController | undefined;
  const stopSignal = () => {
    stop ??= new AbortController();
    if (record.status !== 'open') stop.abort();
    return stop.signal;
  };
  let sent = 0;
  let streamController: ReadableStreamDefaultController<Uint8Array> | undefined;

  const finish = (status: Exclude<StreamStatus, 'open'>) => {
    if (record.status !== 'open') return;
    record.status = status;
    record.clientAborted = status === 'aborted' && (options.isClientAbort?.() ?? true);
    signal.removeEventListener('abort', onClientAbort);
    stop?.abort();
    options.onEnd?.();
  };
  const onClientAbort = () => {
    finish('aborted');
    try {
      streamController?.error(signal.reason);
    } catch {
      // Already closed: the client went away after the last byte.
    }
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        streamController = controller;
        if (signal.aborted) onClientAbort();
        else signal.addEventListener('abort', onClientAbort, { once: true });
      },
      async pull(controller) {
        if (sent >= limit) {
          if (hang) return waitForAbort(stopSignal());
          finish(limit < chunks.length ? 'truncated' : 'completed');
          controller.close();
          return;
        }
        if (sent > 0 && chunkDelayMs > 0) {
          const stopped = stopSignal();
          await wait({ ms: chunkDelayMs, signal: stopped });
          if (stopped.aborted) return;
        }
        const chunk = chunks[sent] ?? '';
        const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
        controller.enqueue(bytes);
        sent += 1;
        record.eventsSent = sent;
        record.bytesSent += bytes.byteLength;
        options.onSent?.();
        if (sent === limit && !hang) {
          finish(limit < chunks.length ? 'truncated' : 'completed');
          controller.close();
        }
      },
      cancel() {
        finish('aborted');
      },
    },
    { highWaterMark: 0 },
  );
  if (limit === 0 && !hang) {
    finish(chunks.length === 0 ? 'completed' : 'truncated');
    streamController?.close();
  }
  return stream;
}
