import { describe, expect, it } from 'vitest';
import { createMessageStream } from './create-message-stream.js';
import type { MessageStreamChunk } from './message-stream-chunk.js';
import { toMessageStreamChunk } from './to-message-stream-chunk.js';

const content = (text: string) => toMessageStreamChunk({ type: 'content', text });

async function drain(stream: AsyncIterable<MessageStreamChunk>): Promise<MessageStreamChunk[]> {
  const chunks: MessageStreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('createMessageStream', () => {
  it('replays every chunk to each iterator, including one that starts late', async () => {
    const writer = createMessageStream({ sessionId: 's' });
    const early = drain(writer.stream);
    writer.push(content('a'));
    writer.push(content('b'));
    writer.fail(new Error('boom'));

    await expect(early).rejects.toThrow('boom');
    await expect(drain(writer.stream)).rejects.toThrow('boom');
    await expect(writer.stream.result).rejects.toThrow('boom');
  });

  it('ignores chunks after the end and exposes aborts through its signal', async () => {
    const writer = createMessageStream({ sessionId: 's' });
    writer.push(toMessageStreamChunk({ type: 'status', message: 'Analyzing request...' }));
    writer.stream.abort('stop');
    writer.fail(new Error('first end wins'));
    writer.push(content('late'));

    expect(writer.signal.reason).toBe('stop');
    await expect(drain(writer.stream)).rejects.toThrow('first end wins');
  });
});
