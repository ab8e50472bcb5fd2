import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSessionStore, SessionManager } from '@toolloop/core/session';
import { createLeftoverTracker } from '@toolloop/core/testing';
import { describe, expect, it } from 'vitest';
import { createModelFactory, readNote } from './support/session-test-kit.js';

// Only what the session's own code started counts: a timer of the test runner's (its messages to the main
// process, slow on a busy machine) is not the session's.

describe('SessionManager leftovers', () => {
  it('leaves nothing running after a whole session life with a file store', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-leftovers-'));
    const tracker = createLeftoverTracker();
    try {
      await tracker.run('session', async () => {
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
        const session = await manager.initializeSession({
          type: 'openai',
          model: 'gpt-5',
          timeout_ms: 60_000,
        });
        await manager.sendMessage(session.id, 'Read note 1');
        await manager.dispose();
      });

      expect(await tracker.leftovers('session')).toEqual([]);
    } finally {
      tracker.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
