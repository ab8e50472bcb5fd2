import { describe, expect, it } from 'vitest';
import type { EvalThroughputResult } from '../eval-throughput/measure-eval-throughput.js';
import { summarize } from '../stats/summarize.js';
import { renderEvalThroughputSection } from './render-eval-throughput-section.js';

const result: EvalThroughputResult = {
  sizes: [100, 1_000],
  workers: [1, 2],
  repetitions: 2,
  cells: [],
  workerSpeedup: [{ scenarios: 1_000, ratio: summarize([1.2, 1.3]) }],
  sideBySide: {
    scenarios: 1_000,
    processes: 2,
    scenariosEach: 500,
    durationMs: summarize([4_000, 4_400]),
    speedup: summarize([1.1, 1.14]),
  },
  growth: [],
  marginalMs: [],
  floor: { cells: [], marginalMs: summarize([2]), marginalOverFloor: summarize([3]) },
};

describe('renderEvalThroughputSection', () => {
  it('puts the independent processes beside the workers: their speed-up, their share and their time', () => {
    const section = renderEvalThroughputSection(result);

    expect(section).toMatch(
      /\| speed-up of 2 workers over 1, 1000 scenarios +\| 1\.25× +\| 1\.20× +\| 1\.30× +\|/u,
    );
    expect(section).toMatch(
      /\| 2 independent processes, each with 500 scenarios, over 1 worker with 1000 +\| 1\.12× +\| 1\.10× +\| 1\.14× +\|/u,
    );
    expect(section).toContain('each runs a suite of its own of 500 scenarios in one process');
    expect(section).toContain('(4.20 s at the median)');
  });
});
