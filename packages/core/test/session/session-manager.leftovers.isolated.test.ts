import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSessionStore, SessionManager } from '@toolloop/core/session';
import { describe, expect, it } from 'vitest';
import { createModelFactory, readNote } from './support/session-test-kit.js';

// A file of its own: the count compares the process's resources before and after, and another test's timer
// that ends in between (a hung model aborted just before) would make it differ without anything left behind.

/** Resources a session could leave behind: timers, open files, child processes, sockets. */
const leftoverKinds = ['Timeout', 'Immediate', 'FileHandle', 'ProcessWrap', 'PipeWrap', 'TCPSocketWrap'];

function countLeftovers(): Record<string, number> {
  const kinds = process.getActiveResourcesInfo();
  return Object.fromEntries(
    leftoverKinds.map((kind) => [kind, kinds.filter((entry) => entry === kind).length]),
  );
}

describe('SessionManager leftovers', () => {
  it('leaves nothing running after a whole session life with a file store', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-leftovers-'));
    const before = countLeftovers();
    const factory = createModelFactory([
      { toolCalls: [{ name: 'read_note', input: { id: 1 } }] },
      { text: 'Read it.' },
    ]);
    const manager = new SessionManager({
      createModel: factory.createModel,
      store: createFileSessionStore({ directory }),
      tools: [readNote],
      idleTimeoutMs: 60_000,
    });
    const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5', timeout_ms: 60_000 });
    await manager.sendMessage(session.id, 'Read note 1');
    await manager.dispose();
    // libuv frees closed handles in the close phase, after the check phase where setImmediate runs.
    for (let iteration = 0; iteration < 2; iteration += 1)
      await new Promise((resolve) => setImmediate(resolve));

    // More of a kind than before is something left behind; fewer is a timer from before that ended meanwhile.
    const after = countLeftovers();
    expect(leftoverKinds.filter((kind) => (after[kind] ?? 0) > (before[kind] ?? 0))).toEqual([]);
    await rm(directory, { recursive: true, force: true });
  });
});
