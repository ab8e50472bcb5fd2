import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMessageReader, type OversizedMessage } from './create-message-reader.js';

/** A reader with a limit, and everything it reported. */
function createRecordingReader(maxMessageBytes: number) {
  const messages: JSONRPCMessage[] = [];
  const errors: string[] = [];
  const oversized: OversizedMessage[] = [];
  const reader = createMessageReader({
    maxMessageBytes,
    onMessage: (message) => messages.push(message),
    onError: (error) => errors.push(error.message),
    onOversized: (message) => oversized.push(message),
  });
  return { reader, messages, errors, oversized };
}

const ping = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`;

describe('createMessageReader', () => {
  it('reads messages split across chunks and several in one chunk, with or without \\r', () => {
    const { reader, messages } = createRecordingReader(1_000);
    const text = `${ping(1)}\n${ping(2)}\r\n${ping(3)}\n`;

    reader.append(Buffer.from(text.slice(0, 10)));
    reader.append(Buffer.from(text.slice(10)));

    expect(messages).toEqual([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'ping' })));
  });

  it('reads a message of exactly the limit', () => {
    const { reader, messages, oversized } = createRecordingReader(ping(1).length);

    reader.append(Buffer.from(`${ping(1)}\n`));

    expect(messages).toHaveLength(1);
    expect(oversized).toEqual([]);
  });

  it('reports a message one byte over the limit as it passes it, then with its whole length, and reads nothing after it', () => {
    const { reader, messages, oversized } = createRecordingReader(ping(10).length - 1);

    reader.append(Buffer.from(`${ping(1)}\n${ping(10).slice(0, -1)}`));
    reader.append(Buffer.from('}'));
    reader.append(Buffer.from('x'.repeat(5)));
    reader.append(Buffer.from(`\n${ping(2)}\n`));

    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(oversized).toEqual([
      { limitBytes: ping(10).length - 1, sizeBytes: ping(10).length, complete: false },
      { limitBytes: ping(10).length - 1, sizeBytes: ping(10).length + 5, complete: true },
    ]);
  });

  it('keeps no more than the limit of an unfinished message', () => {
    const { reader, oversized } = createRecordingReader(10);

    reader.append(Buffer.from('x'.repeat(6)));
    reader.append(Buffer.from('x'.repeat(5)));

    expect(oversized).toEqual([{ limitBytes: 10, sizeBytes: 11, complete: false }]);
  });

  it('reports a line that is not JSON-RPC, and reads the next one', () => {
    const { reader, messages, errors } = createRecordingReader(1_000);

    reader.append(Buffer.from(`not json\n${ping(1)}\n`));

    expect(errors).toHaveLength(1);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
  });

  it('reports what a message handler throws, and reads the next message', () => {
    const errors: string[] = [];
    const read: unknown[] = [];
    const reader = createMessageReader({
      maxMessageBytes: 1_000,
      onMessage: (message) => {
        read.push(message);
        if (read.length === 1) throw new Error('handler failed');
      },
      onError: (error) => errors.push(error.message),
      onOversized: () => undefined,
    });

    reader.append(Buffer.from(`${ping(1)}\n${ping(2)}\n`));

    expect(errors).toEqual(['handler failed']);
    expect(read).toHaveLength(2);
  });
});
