import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** How many events one session keeps for replay by default; older ones are dropped first. */
export const defaultRetainedEvents = 1000;

/**
 * An in-memory event store for one HTTP session, which makes its SSE streams resumable: every message sent
 * gets an event id, and a client that reconnects with `Last-Event-ID` is sent what followed on that stream.
 * It keeps the last `maxEvents` events; a client that resumes from an older one gets HTTP 400.
 */
export function createMemoryEventStore(options: { maxEvents?: number } = {}): EventStore {
  const { maxEvents = defaultRetainedEvents } = options;
  const events = new Map<string, { streamId: string; message: JSONRPCMessage }>();
  let nextId = 0;
  return {
    storeEvent: (streamId, message) => {
      nextId += 1;
      const eventId = String(nextId);
      events.set(eventId, { streamId, message });
      for (const oldest of events.keys()) {
        if (events.size <= maxEvents) break;
        events.delete(oldest);
      }
      return Promise.resolve(eventId);
    },
    getStreamIdForEventId: (eventId) => Promise.resolve(events.get(eventId)?.streamId),
    replayEventsAfter: async (lastEventId, { send }) => {
      const last = events.get(lastEventId);
      if (last === undefined) throw new Error(`Event '${lastEventId}' is not (or no longer) stored.`);
      let isAfter = false;
      for (const [eventId, event] of [...events]) {
        if (eventId === lastEventId) isAfter = true;
        // A priming event (an empty message) only hands the client an id; there is nothing to replay.
        else if (isAfter && event.streamId === last.streamId && Object.keys(event.message).length > 0) {
          await send(eventId, event.message);
        }
      }
      return last.streamId;
    },
  };
}
