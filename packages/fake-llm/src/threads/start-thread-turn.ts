import type { MessageThreadStore } from './message-thread-store.js';
import type { ThreadTurnPlan } from './resolve-thread-request.js';

/** A reply as the fake sent it, as far as a thread keeps it. */
export interface ThreadReply {
  id: string;
  content: unknown[];
}

/**
 * Starts the turn of an answered thread request: counts its bytes, and marks the reply it continues from as
 * being continued. The returned `settle` (called once; later calls do nothing) ends the turn: with the reply the
 * client received in full, the thread is kept under the reply's id and the reply it continued from is spent;
 * without one (an error, a cut or aborted stream, a recording), nothing is stored and that reply can be
 * continued again, as the API keeps a whole reply or none of it.
 */
export function startThreadTurn(options: {
  store: MessageThreadStore;
  plan: ThreadTurnPlan;
  bodyBytes: number;
}): (reply: ThreadReply | undefined) => void {
  const { store, plan } = options;
  const { bytes } = store;
  bytes.requests += 1;
  bytes.bytesSent += options.bodyBytes;
  bytes.fullReplayBytes += plan.fullReplayBytes;
  bytes.bytesSaved = bytes.fullReplayBytes - bytes.bytesSent;
  const previous =
    plan.previousMessageId === undefined ? undefined : store.entries.get(plan.previousMessageId);
  if (previous?.type === 'open') {
    bytes.continued += 1;
    previous.continuing = true;
  }
  let settled = false;
  return (reply) => {
    if (settled) return;
    settled = true;
    if (previous?.type === 'open') previous.continuing = false;
    if (reply === undefined) return;
    if (plan.previousMessageId !== undefined)
      store.entries.set(plan.previousMessageId, { type: 'continued' });
    const messages = [...plan.thread.messages, { role: 'assistant', content: reply.content }];
    store.entries.set(reply.id, { type: 'open', thread: { ...plan.thread, messages }, continuing: false });
  };
}
