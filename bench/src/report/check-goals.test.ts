import { describe, expect, it } from 'vitest';
import type { EvalThroughputResult } from '../eval-throughput/measure-eval-throughput.js';
import type { Summary } from '../stats/summarize.js';
import { checkGoals } from './check-goals.js';

const summary = (median: number): Summary => ({ median, min: median, max: median, count: 3 });

function evalThroughput(speedups: Array<[scenarios: number, ratio: number]>): EvalThroughputResult {
  return {
    sizes: speedups.map(([scenarios]) => scenarios),
    workers: [1, 2],
    repetitions: 3,
    cells: [],
    workerSpeedup: speedups.map(([scenarios, ratio]) => ({ scenarios, ratio: summary(ratio) })),
    growth: [],
    marginalMs: [],
    floor: { cells: [], marginalMs: summary(2), marginalOverFloor: summary(3) },
  };
}

function workerGoals(speedups: Array<[number, number]>) {
  const goals = checkGoals({ evalThroughput: evalThroughput(speedups) } as Parameters<typeof checkGoals>[0]);
  return goals.filter((goal) => goal.goal.includes('workers'));
}

describe('checkGoals', () => {
  it('does not judge the workers on suites of fewer than 10,000 scenarios (a quick run)', () => {
    expect(
      workerGoals([
        [20, 0.3],
        [200, 0.5],
      ]),
    ).toEqual([]);
  });

  it('judges the workers on the largest suite only, whatever order the sizes come in', () => {
    expect(
      workerGoals([
        [10_000, 1.36],
        [100, 0.38],
        [1_000, 0.78],
      ]),
    ).toEqual([
      {
        goal: 'eval in 2 workers at least 1.35× as fast as in 1 (10000 scenarios)',
        measured: '1.36×',
        met: true,
      },
    ]);
  });

  it('reports the workers goal missed when the largest suite falls short', () => {
    expect(
      workerGoals([
        [100, 2],
        [10_000, 1.34],
      ]),
    ).toEqual([
      expect.objectContaining({ goal: expect.stringContaining('(10000 scenarios)') as string, met: false }),
    ]);
  });
});
