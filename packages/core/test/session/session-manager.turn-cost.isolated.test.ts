import type * as FileSystem from 'node:fs/promises';
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
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Every byte the file store hands to the file system, counted as it is written. */
const written = vi.hoisted(() => ({ bytes: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FileSystem>();
  const count = (data: unknown) => {
    written.bytes += typeof data === 'string' ? Buffer.byteLength(data) : (data as Uint8Array).byteLength;
  };
  const countingOpen: typeof fs.open = async (...args) => {
    const handle = await fs.open(...args);
    for (const method of ['write', 'writeFile', 'appendFile'] as const) {
      const original = (handle[method] as (...all: unknown[]) => unknown).bind(handle);
      Object.assign(handle, {
        [method]: (data: unknown, ...rest: unknown[]) => {
          count(data);
          return original(data, ...rest);
        },
      });
    }
    return handle;
  };
  const countingWriteFile: typeof fs.writeFile = (path, data, options) => {
    count(data);
    return fs.writeFile(path, data, options);
  };
  const countingAppendFile: typeof fs.appendFile = (path, data, options) => {
    count(data);
    return fs.appendFile(path, data, options);
  };
  return { ...fs, open: countingOpen, writeFile: countingWriteFile, appendFile: countingAppendFile };
});

/** A model that answers "ok" and, unlike the scripted one, neither copies nor records what it is sent. */
const model: Model = {
  provider: 'test',
  modelId: 'quiet',
  async *stream() {
    await Promise.resolve();
    yield { type: 'text-delta', text: 'ok' };
    yield { type: 'text', text: 'ok' };
    yield { type: 'finish', finishReason: 'end', usage: { inputTokens: 1, outputTokens: 1 } };
  },
};

/** A transcript of `turns` earlier question-and-answer turns. */
function history(turns: number): Message[] {
  return Array.from({ length: turns }, (_, turn): Message[] => [
    { role: 'user', content: `Question ${turn}` },
    { role: 'assistant', content: [{ type: 'text', text: `Answer ${turn}` }] },
  ]).flat();
}

/** Stores a session with `turns` earlier turns, opens it in a manager, and returns the work of one more turn. */
async function measureOneTurn({
  store,
  turns,
  measure,
}: {
  store: SessionStore;
  turns: number;
  measure: (turn: () => Promise<unknown>) => Promise<number>;
}): Promise<number> {
  const id = `history-${turns}`;
  await store.save({
    id,
    llmConfig: { type: 'openai', model: 'gpt-5' },
    messages: history(turns),
    lastActivity: new Date(0),
    toolCallCount: 0,
  });
  const manager = new SessionManager({ createModel: () => model, store, now: () => 1_000 });
  await manager.resumeSession(id);
  const work = await measure(() => manager.sendMessage(id, 'One more?'));
  await manager.dispose();
  return work;
}

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-turn-cost-'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(directory, { recursive: true, force: true });
});

describe('the store work of one turn does not grow with the history', () => {
  it('the file store writes as many bytes for a turn after 2,000 turns as after 10', async () => {
    const bytesWritten = async (turn: () => Promise<unknown>) => {
      const before = written.bytes;
      await turn();
      return written.bytes - before;
    };
    const store = createFileSessionStore({ directory });
    // A turn's checkpoints hold its running time, the one number in them that varies from run to run: 9 ms and
    // 10 ms differ by a byte (a loaded CI run once wrote 1966 bytes against 1965). The clock stands still, so
    // that what is compared is the store's work alone.
    vi.spyOn(performance, 'now').mockReturnValue(1_000);

    const afterTen = await measureOneTurn({ store, turns: 10, measure: bytesWritten });
    const afterTwoThousand = await measureOneTurn({ store, turns: 2_000, measure: bytesWritten });

    expect(afterTen).toBeGreaterThan(0);
    expect(afterTwoThousand).toBe(afterTen);
  });

  it('the memory store copies as much for a turn after 2,000 turns as after 10', async () => {
    const bytesCopied = async (turn: () => Promise<unknown>) => {
      const clone = vi.spyOn(globalThis, 'structuredClone');
      await turn();
      // Numbers written as one digit: a turn's durations (9 ms or 10 ms) would change the count by the clock.
      const copied = clone.mock.calls.reduce(
        (sum, [value]) =>
          sum +
          JSON.stringify(value, (_key, field: unknown) => (typeof field === 'number' ? 0 : field)).length,
        0,
      );
      clone.mockRestore();
      return copied;
    };
    const store = createMemorySessionStore();

    const afterTen = await measureOneTurn({ store, turns: 10, measure: bytesCopied });
    const afterTwoThousand = await measureOneTurn({ store, turns: 2_000, measure: bytesCopied });

    expect(afterTen).toBeGreaterThan(0);
    expect(afterTwoThousand).toBe(afterTen);
  });
});
