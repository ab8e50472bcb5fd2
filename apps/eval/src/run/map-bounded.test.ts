import { describe, expect, it } from 'vitest';
import { mapBounded } from './map-bounded.js';

describe('mapBounded', () => {
  it('gives the results in the order of the items, with no more than `concurrency` calls running at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapBounded(
      Array.from({ length: 20 }, (_unused, index) => index),
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        // Later items finish first, so the order of the results is not the order they end in.
        for (let turn = 0; turn < 20 - item; turn += 1) await Promise.resolve();
        running -= 1;
        return item * 2;
      },
      3,
    );

    expect(results).toEqual(Array.from({ length: 20 }, (_unused, index) => index * 2));
    expect(most).toBe(3);
  });

  it('starts nothing more after a call throws, and rethrows once the running calls have settled', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = mapBounded(
      [0, 1, 2, 3, 4, 5],
      async (item) => {
        started.push(item);
        await Promise.resolve();
        settled += 1;
        if (item === 1) throw new Error('item 1 failed');
        return item;
      },
      2,
    );

    await expect(run).rejects.toThrow('item 1 failed');
    expect(started).toEqual([0, 1, 2]);
    expect(settled).toBe(started.length);
  });
});
