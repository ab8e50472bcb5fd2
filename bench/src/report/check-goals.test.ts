import { describe, expect, it } from 'vitest';
import type { EvalThroughputResult } from '../eval-throughput/measure-eval-throughput.js';
import type { Summary } from '../stats/summarize.js';
import type { CliStartCommandId } from '../cli-start/measure-cli-start.js';
import { checkGoals } from './check-goals.js';

const summary = (median: number): Summary => ({ median, min: median, max: median, count: 3 });

function evalThroughput(speedups: Array<[scenarios: number, ratio: number]>): EvalThroughputResult {
  return {
    sizes: speedups.map(([scenarios]) => scenarios),
    workers: [1, 2],
    repetitions: 3,
    cells: [],
    workerSpeedup: speedups.map(([scenarios, ratio]) => ({ scenarios, ratio: summary(ratio) })),
    sideBySide: {
      scenarios: 10_000,
      processes: 2,
      scenariosEach: 5_000,
      durationMs: summary(30_000),
      speedup: summary(1.2),
    },
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
        measured: '1.36× (2 independent processes: 1.20×)',
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

  it("judges each command line's start against 2× vitest --version's CPU, pair by pair, and not the reference", () => {
    const summary = (median: number) => ({ median, min: median, max: median, count: 1 });
    const command = (id: CliStartCommandId, ratio: number) => ({
      id,
      command: `toolloop-eval ${id}`,
      cpuMilliseconds: summary(100 * ratio),
      peakRssMegabytes: summary(50),
      overReference: summary(ratio),
    });
    const goals = checkGoals({
      cliStart: {
        runs: 1,
        scenarios: 'scenarios/judges',
        commands: [command('vitest-version', 1), command('version', 1.1), command('list', 2.01)],
      },
    } as Parameters<typeof checkGoals>[0]);

    expect(goals).toEqual([
      {
        goal: '`toolloop-eval version` within 2× the CPU of `vitest --version`',
        measured: '1.10× (median of pair-by-pair ratios)',
        met: true,
      },
      {
        goal: '`toolloop-eval list` within 2× the CPU of `vitest --version`',
        measured: '2.01× (median of pair-by-pair ratios)',
        met: false,
      },
    ]);
  });

  it('judges long turns at every length, the fake on the longest, large results, setup and concurrency', () => {
    const contender = (id: string, cpu: number, fake = 1) => ({
      id,
      label: id,
      cpuPerRequestMs: summary(cpu),
      cpuOverHandWritten: summary(cpu),
      fakeCpuPerRequestMs: summary(fake),
      fakeCpuOverHandWritten: summary(fake),
    });
    const turn = (rounds: number, contenders: ReturnType<typeof contender>[], toolOutputBytes = 2) => ({
      rounds,
      toolOutputBytes,
      requests: rounds + 1,
      warmupRuns: 0,
      runs: 1,
      contenders,
    });
    const goals = checkGoals({
      longTurns: [
        turn(10, [
          contender('toolloop', 1.1),
          contender('toolloop-context-limit', 1.19),
          contender('anthropic-tool-runner', 1.3),
        ]),
        turn(500, [
          contender('toolloop', 1.16, 1.2),
          contender('toolloop-context-limit', 1.21),
          contender('anthropic-tool-runner', 1.1),
        ]),
      ],
      largeResults: [
        turn(10, [contender('toolloop', 0.9), contender('anthropic-tool-runner', 0.95)], 1_000_000),
      ],
      turnSetup: {
        warmupRuns: 0,
        runs: 1,
        contenders: [
          { id: 'toolloop', label: 'toolloop', setupMs: summary(1), overBareSdkMs: summary(0.31) },
        ],
      },
      concurrency: {
        turns: 1000,
        rounds: 3,
        delayMs: 50,
        warmupRuns: 0,
        runs: 1,
        contenders: [
          {
            id: 'toolloop',
            label: 'toolloop',
            cpuMilliseconds: summary(1),
            cpuOverHandWritten: summary(1.2),
            heapPerTurnKilobytes: summary(310),
          },
        ],
      },
    } as Parameters<typeof checkGoals>[0]);

    expect(goals.map(({ goal, met }) => [goal, met])).toEqual([
      ["toolloop's CPU per request within 1.15× of the hand-written loop's (a 10-round turn)", true],
      ["toolloop with contextLimit within 1.2× of the hand-written loop's (a 10-round turn)", true],
      ["toolloop's CPU below the Anthropic SDK toolRunner's (a 10-round turn)", true],
      ["toolloop's CPU per request within 1.15× of the hand-written loop's (a 500-round turn)", false],
      ["toolloop with contextLimit within 1.2× of the hand-written loop's (a 500-round turn)", false],
      ["toolloop's CPU below the Anthropic SDK toolRunner's (a 500-round turn)", false],
      [
        "the fake LLM's CPU serving toolloop's 500-round turn within 1.1× of serving the hand-written loop's",
        false,
      ],
      ["toolloop's CPU at most the toolRunner's with 1 MB results", true],
      ["toolloop's turn setup (runToolLoop to the first fetch) within 0.3 ms of the bare SDK's", false],
      ["1000 concurrent turns within 1.43× the hand-written loop's CPU", true],
      ['1000 concurrent turns within 309 KB of heap per turn in flight', false],
    ]);
  });
});
