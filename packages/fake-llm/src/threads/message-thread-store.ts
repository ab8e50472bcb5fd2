import type { ThreadBytes } from './thread-bytes.js';

/** What the fake holds for a reply to a thread request: the thread's whole conversation and its fixed fields. */
export interface StoredThread {
  /** Every message of the conversation as the client sent it, then the reply as the fake sent it. */
  messages: unknown[];
  /** The `system` and `tools` of the request that created the thread (`undefined`: none). */
  system: unknown;
  tools: unknown;
  /** The JSON of each field that must stay the same across the thread's turns (see `threadFixedFields`). */
  fixed: Record<string, string | undefined>;
}

/**
 * One reply a thread can go on from: `open` (its conversation kept, and whether a request continuing from it is
 * in flight), or `continued` (it was continued once; only the fact is kept).
 */
export type ThreadEntry = { type: 'open'; thread: StoredThread; continuing: boolean } | { type: 'continued' };

/** The threads of one script, by the id of the reply each goes on from, and the bytes they saved. */
export interface MessageThreadStore {
  readonly entries: Map<string, ThreadEntry>;
  readonly bytes: ThreadBytes;
}

/** The request fields a thread fixes besides `system` and `tools`: a continue that changes one is refused. */
export const threadFixedFields = ['output_config', 'output_format'] as const;

/** An empty store. */
export function createMessageThreadStore(): MessageThreadStore {
  return {
    entries: new Map(),
    bytes: { requests: 0, continued: 0, bytesSent: 0, fullReplayBytes: 0, bytesSaved: 0 },
  };
}

/** Adds up the bytes of several stores (the fake's total over its scripts). */
export function sumThreadBytes(stores: Iterable<MessageThreadStore>): ThreadBytes {
  const total: ThreadBytes = { requests: 0, continued: 0, bytesSent: 0, fullReplayBytes: 0, bytesSaved: 0 };
  for (const { bytes } of stores) {
    total.requests += bytes.requests;
    total.continued += bytes.continued;
    total.bytesSent += bytes.bytesSent;
    total.fullReplayBytes += bytes.fullReplayBytes;
    total.bytesSaved += bytes.bytesSaved;
  }
  return total;
}
