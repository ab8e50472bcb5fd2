import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileSessionStore, createMemorySessionStore } from '@toolloop/core/session';
import { describeSessionStoreContract } from './support/session-store-contract.js';

/** A clock the tests move, from a fixed start. */
function createClock() {
  let now = Date.parse('2026-12-03T10:00:00.000Z');
  return { now: () => now, passTime: (ms: number) => (now += ms) };
}

describeSessionStoreContract('memory store', () => {
  const clock = createClock();
  const store = createMemorySessionStore({ now: clock.now });
  return Promise.resolve({
    store,
    another: () => store,
    passTime: clock.passTime,
    close: () => Promise.resolve(),
  });
});

describeSessionStoreContract('file store', async () => {
  const clock = createClock();
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-store-contract-'));
  const open = () => createFileSessionStore({ directory, now: clock.now });
  return {
    store: open(),
    another: open,
    passTime: clock.passTime,
    close: () => rm(directory, { recursive: true, force: true }),
  };
});
