import { describe, expect, it } from 'vitest';
import { runPool } from './run-pool.js';

describe('runPool', () => {
  it('after a work throws, starts no other item and rejects only once the running ones have settled', async () => {
    const events: string[] = [];
    let releaseSlow: () => void = () => undefined;
    let slowHasStarted: () => void = () => undefined;
    const slowStarted = new Promise<void>((resolve) => (slowHasStarted = resolve));
    const run = runPool({
      items: ['slow', 'throws', 'later', 'never'],
      concurrency: 2,
      work: async (item) => {
        events.push(`start ${item}`);
        if (item === 'slow') {
          slowHasStarted();
          await new Promise<void>((resolve) => (releaseSlow = resolve));
        }
        if (item === 'throws') {
          await slowStarted;
          throw new Error('the reporter broke');
        }
        events.push(`end ${item}`);
      },
    });
    const settled = run.then(
      () => 'resolved',
      (error: unknown) => {
        events.push('settled');
        return error instanceof Error ? error.message : 'rejected';
      },
    );
    await slowStarted;
    // Let the throwing item reject; the slow one is still running, so the pool must not have settled.
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    events.push('checked');
    releaseSlow();

    expect(await settled).toBe('the reporter broke');
    expect(events).toEqual(['start slow', 'start throws', 'checked', 'end slow', 'settled']);
  });
});
