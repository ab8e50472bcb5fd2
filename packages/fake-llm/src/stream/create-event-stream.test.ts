import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamRecord } from '../records/stream-record.js';
import { createEventStream } from './create-event-stream.js';

function createRecord(): StreamRecord {
  return {
    scriptId: 'unit',
    requestIndex: 0,
    eventsSent: 0,
    bytesSent: 0,
    eventsPlanned: 3,
    bytesPlanned: 57,
    status: 'open',
    clientAborted: false,
  };
}

const chunks = ['event: a\ndata: 1\n\n', 'event: b\ndata: 2\n\n', 'event: c\ndata: 3\n\n'];

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createEventStream', () => {
  it('sends every chunk, counts them, and completes', async () => {
    const record = createRecord();
    const onEnd = vi.fn();
    const text = await readAll(
      createEventStream({ chunks, signal: new AbortController().signal, record, onEnd }),
    );
    expect(text).toBe(chunks.join(''));
    expect(record).toMatchObject({
      status: 'completed',
      eventsSent: 3,
      bytesSent: text.length,
      clientAborted: false,
    });
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('stops after truncateAfter events without the rest', async () => {
    const record = createRecord();
    const text = await readAll(
      createEventStream({ chunks, truncateAfter: 1, signal: new AbortController().signal, record }),
    );
    expect(text).toBe(chunks[0]);
    expect(record).toMatchObject({ status: 'truncated', eventsSent: 1 });
  });

  it('hangs after truncateAfter events until the signal aborts, then errors the body', async () => {
    const record = createRecord();
    const client = new AbortController();
    const reader = createEventStream({
      chunks,
      truncateAfter: 2,
      hang: true,
      signal: client.signal,
      record,
    }).getReader();
    expect((await reader.read()).done).toBe(false);
    expect((await reader.read()).done).toBe(false);
    const third = reader.read();
    client.abort(new Error('gone'));
    await expect(third).rejects.toThrow('gone');
    expect(record).toMatchObject({ status: 'aborted', eventsSent: 2, clientAborted: true });
  });

  it('waits chunkDelayMs between events and clears its timer when the client aborts', async () => {
    vi.useFakeTimers();
    const record = createRecord();
    const client = new AbortController();
    const reader = createEventStream({
      chunks,
      chunkDelayMs: 1000,
      signal: client.signal,
      record,
    }).getReader();
    await reader.read();
    const second = reader.read();
    await vi.advanceTimersByTimeAsync(999);
    expect(record.eventsSent).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(record.eventsSent).toBe(2);
    const third = reader.read();
    expect(vi.getTimerCount()).toBe(1);
    client.abort();
    await expect(third).rejects.toThrow();
    expect(vi.getTimerCount()).toBe(0);
    expect(record).toMatchObject({ status: 'aborted', clientAborted: true });
  });

  it('marks a stream the consumer cancels as aborted', async () => {
    const record = createRecord();
    const reader = createEventStream({ chunks, signal: new AbortController().signal, record }).getReader();
    await reader.read();
    await reader.cancel();
    expect(record).toMatchObject({ status: 'aborted', eventsSent: 1, clientAborted: true });
  });

  it('records an abort the server caused as not the client’s', async () => {
    const record = createRecord();
    const shutdown = new AbortController();
    const reader = createEventStream({
      chunks,
      hang: true,
      signal: shutdown.signal,
      isClientAbort: () => !shutdown.signal.aborted,
      record,
    }).getReader();
    const read = reader.read();
    shutdown.abort();
    await expect(read).rejects.toThrow();
    expect(record).toMatchObject({ status: 'aborted', clientAborted: false });
  });
});
