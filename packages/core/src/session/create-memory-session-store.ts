import type { SessionData } from './session-data.js';
import type { SessionStore } from './session-store.js';

/** A store in this process's memory: the default. Sessions are copied in and out, so callers cannot change them. */
export function createMemorySessionStore(): SessionStore {
  const sessions = new Map<string, SessionData>();
  return {
    load(id) {
      const session = sessions.get(id);
      return Promise.resolve(session === undefined ? undefined : structuredClone(session));
    },
    save(session) {
      sessions.set(session.id, structuredClone(session));
      return Promise.resolve();
    },
    delete(id) {
      sessions.delete(id);
      return Promise.resolve();
    },
    list() {
      return Promise.resolve([...sessions.keys()]);
    },
  };
}
