import { describe, expect, it } from 'vitest';
import { runEachBenchmark } from './run-each-benchmark.js';

describe('runEachBenchmark', () => {
  it('goes on past a benchmark that throws, and names it with its message', async () => {
    const ran: string[] = [];
    const failures = await runEachBenchmark({
      only: ['loop', 'large', 'setup'],
      measure: async (benchmark) => {
        ran.push(benchmark);
        if (benchmark === 'large') throw new Error('400 prompt is too long');
        await Promise.resolve();
      },
    });

    expect(ran).toEqual(['loop', 'large', 'setup']);
    expect(failures).toEqual([{ benchmark: 'large', message: '400 prompt is too long' }]);
  });

  it('reports no failure when every benchmark finishes', async () => {
    await expect(runEachBenchmark({ only: ['loop'], measure: () => Promise.resolve() })).resolves.toEqual([]);
  });
});
