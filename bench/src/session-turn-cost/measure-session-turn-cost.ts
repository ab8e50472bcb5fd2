import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message, Model } from '@toolloop/core';
import {
  createFileSessionStore,
  createMemorySessionStore,
  SessionManager,
  type SessionStore,
} from '@toolloop/core/session';
import { summarize, type Summary } from '../stats/summarize.js';

/** Which session store a row measured. */
export type SessionStoreKind = 'memory' | 'file';

/** What the session turn cost benchmark measured. */
export interface SessionTurnCostResult {
  /** The history lengths compared, in earlier turns (two messages each). */
  historyTurns: [number, number];
  runs: number;
  stores: Array<{
    store: SessionStoreKind;
    /** Milliseconds per `sendMessage`, after each history length (same order as `historyTurns`). */
    milliseconds: [Summary, Summary];
  }>;
}

/** A model that answers at once and, unlike a scripted one, neither copies nor records what it is sent. */
const quietModel: Model = {
  provider: 'bench',
  modelId: 'quiet',
  async *stream() {
    await Promise.resolve();
    yield { type: 'text-delta', text: 'ok' };
    yield { type: 'text', text: 'ok' };
    yield { type: 'finish', finishReason: 'end', usage: { inputTokens: 1, outputTokens: 1 } };
  },
};

/**
 * The session turn cost benchmark: for each store, a session is stored with a history of each length, opened
 * in a `SessionManager`, and sent `warmupRuns + runs` more messages; the figure is the time of one
 * `sendMessage` (the loop, the chunks and the save), which should not grow with the history.
 */
export async function measureSessionTurnCost({
  historyTurns,
  warmupRuns,
  runs,
}: {
  historyTurns: [number, number];
  warmupRuns: number;
  runs: number;
}): Promise<SessionTurnCostResult> {
  const stores: SessionTurnCostResult['stores'] = [];
  for (const store of ['memory', 'file'] as const) {
    const [short, long] = historyTurns;
    stores.push({
      store,
      milliseconds: [
        await measureTurns({ store, turns: short, warmupRuns, runs }),
        await measureTurns({ store, turns: long, warmupRuns, runs }),
      ],
    });
  }
  return { historyTurns, runs, stores };
}

async function measureTurns({
  store,
  turns,
  warmupRuns,
  runs,
}: {
  store: SessionStoreKind;
  turns: number;
  warmupRuns: number;
  runs: number;
}): Promise<Summary> {
  const directory = store === 'file' ? await mkdtemp(join(tmpdir(), 'toolloop-bench-sessions-')) : undefined;
  const sessionStore: SessionStore =
    directory === undefined ? createMemorySessionStore() : createFileSessionStore({ directory });
  const id = 'bench';
  await sessionStore.save({
    id,
    llmConfig: { type: 'openai', model: 'quiet' },
    messages: history(turns),
    lastActivity: new Date(),
    toolCallCount: 0,
  });
  const manager = new SessionManager({ createModel: () => quietModel, store: sessionStore });
  try {
    await manager.resumeSession(id);
    const samples: number[] = [];
    for (let run = 0; run < warmupRuns + runs; run += 1) {
      const startedAt = performance.now();
      const result = await manager.sendMessage(id, `Question ${turns + run}`);
      const elapsed = performance.now() - startedAt;
      if (result.stopReason !== 'completed') throw new Error(`The turn stopped with ${result.stopReason}.`);
      if (run >= warmupRuns) samples.push(elapsed);
    }
    return summarize(samples);
  } finally {
    await manager.dispose();
    if (directory !== undefined) await rm(directory, { recursive: true, force: true });
  }
}

/** A transcript of `turns` question-and-answer turns. */
function history(turns: number): Message[] {
  return Array.from({ length: turns }, (_, turn): Message[] => [
    { role: 'user', content: `Question ${turn}: what is in note ${turn}?` },
    { role: 'assistant', content: [{ type: 'text', text: `Note ${turn} says that turn ${turn} happened.` }] },
  ]).flat();
}
