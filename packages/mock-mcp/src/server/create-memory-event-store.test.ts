import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from './create-memory-event-store.js';

const ping = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, method: 'ping' });

async function replayAfter(store: ReturnType<typeof createMemoryEventStore>, eventId: string) {
  const sent: Array<[string, JSONRPCMessage]> = [];
  const streamId = await store.replayEventsAfter(eventId, {
    send: (id, message) => {
      sent.push([id, message]);
      return Promise.resolve();
    },
  });
  return { streamId, sent };
}

describe('createMemoryEventStore', () => {
  it('replays the events of the same stream after the given one, skipping priming events', async () => {
    const store = createMemoryEventStore();
    const primed = await store.storeEvent('a', {} as JSONRPCMessage);
    await store.storeEvent('b', ping(1));
    const second = await store.storeEvent('a', ping(2));
    expect(await store.getStreamIdForEventId?.(second)).toBe('a');
    expect(await replayAfter(store, primed)).toEqual({ streamId: 'a', sent: [[second, ping(2)]] });
  });

  it('keeps only the last maxEvents events', async () => {
    const store = createMemoryEventStore({ maxEvents: 2 });
    const first = await store.storeEvent('a', ping(1));
    await store.storeEvent('a', ping(2));
    await store.storeEvent('a', ping(3));
    expect(await store.getStreamIdForEventId?.(first)).toBeUndefined();
    await expect(replayAfter(store, first)).rejects.toThrow(`Event '${first}' is not (or no longer) stored.`);
  });
});
