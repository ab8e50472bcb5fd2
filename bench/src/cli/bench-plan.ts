/** How much each benchmark runs: repetitions and sizes. */
export interface BenchPlan {
  loop: { rounds: number; warmupRuns: number; runs: number };
  /** Suite sizes, smallest first: the two smallest give the marginal cost, the largest the memory goal. */
  eval: { sizes: number[]; repetitions: number };
  timeout: { timeoutMs: number; warmupRuns: number; runs: number };
  streaming: { chunkDelayMs: number; warmupRuns: number; runs: number };
  xml: { chunkDelayMs: number; runs: number };
  session: { historyTurns: [number, number]; warmupRuns: number; runs: number };
  /** One run per contender: the figures are byte counts, the same every run. */
  requests: { rounds: number };
  wires: { rounds: number; warmupRuns: number; runs: number };
  hosts: {
    /** Turns on the memory and the Postgres store, pair by pair, in one process. */
    latency: { warmupRuns: number; runs: number };
    /** Host processes serving sessions of one Postgres store, one of them killed every `killEverySeconds`. */
    load: { hosts: number; sessions: number; durationSeconds: number; killEverySeconds: number };
  };
  /** Processes of the command line, against `vitest --version`. */
  start: { warmupRuns: number; runs: number };
  /** Turns of each length against the fake LLM in a process of its own; runs per length, longer turns fewer. */
  long: { lengths: number[]; warmupRuns: number; requestsPerContender: number; minRuns: number };
  /** Turns whose every tool result is this large. */
  large: { rounds: number; resultBytes: number[]; warmupRuns: number; runs: number };
  /** From the call that starts a turn to its first request's fetch. */
  setup: { warmupRuns: number; runs: number };
  /** Turns started at once. */
  concurrency: { turns: number; rounds: number; delayMs: number; warmupRuns: number; runs: number };
}

/** The full plan, sized for the published figures, or the CI-sized one of `--quick`. */
export function createBenchPlan({ quick }: { quick: boolean }): BenchPlan {
  return quick
    ? {
        loop: { rounds: 10, warmupRuns: 3, runs: 10 },
        eval: { sizes: [20, 200], repetitions: 2 },
        timeout: { timeoutMs: 50, warmupRuns: 2, runs: 20 },
        streaming: { chunkDelayMs: 10, warmupRuns: 2, runs: 5 },
        xml: { chunkDelayMs: 2, runs: 5 },
        session: { historyTurns: [10, 2000], warmupRuns: 2, runs: 10 },
        requests: { rounds: 10 },
        wires: { rounds: 10, warmupRuns: 2, runs: 5 },
        hosts: {
          latency: { warmupRuns: 5, runs: 50 },
          load: { hosts: 2, sessions: 10, durationSeconds: 4, killEverySeconds: 2 },
        },
        start: { warmupRuns: 1, runs: 5 },
        long: { lengths: [10, 50], warmupRuns: 1, requestsPerContender: 100, minRuns: 2 },
        large: { rounds: 3, resultBytes: [100_000], warmupRuns: 1, runs: 3 },
        setup: { warmupRuns: 3, runs: 20 },
        concurrency: { turns: 100, rounds: 3, delayMs: 20, warmupRuns: 1, runs: 2 },
      }
    : {
        // 200 rounds: the per-round ratios spread widely on a shared machine, and with 50 their median moved by a
        // tenth from one run to the next.
        loop: { rounds: 10, warmupRuns: 20, runs: 200 },
        eval: { sizes: [100, 1000, 10000], repetitions: 3 },
        timeout: { timeoutMs: 50, warmupRuns: 5, runs: 100 },
        streaming: { chunkDelayMs: 10, warmupRuns: 3, runs: 30 },
        xml: { chunkDelayMs: 2, runs: 20 },
        session: { historyTurns: [10, 2000], warmupRuns: 5, runs: 50 },
        requests: { rounds: 10 },
        // Twelve contenders a round: 20 rounds keep a run to about a minute on a shared 2-core machine.
        wires: { rounds: 10, warmupRuns: 3, runs: 20 },
        // 500 pairs: enough for a 99th percentile that is not just the slowest turn.
        hosts: {
          latency: { warmupRuns: 20, runs: 500 },
          load: { hosts: 4, sessions: 200, durationSeconds: 30, killEverySeconds: 3 },
        },
        // About half a second a round: 21 rounds keep the medians steady on a shared machine.
        start: { warmupRuns: 2, runs: 21 },
        // About 3,000 requests a contender a length, at least 7 runs: a 500-round run takes the fake several seconds.
        long: { lengths: [10, 50, 200, 500], warmupRuns: 2, requestsPerContender: 3000, minRuns: 7 },
        // 3 rounds: the last request holds three 1 MB results, about 750,000 tokens, within the model's 1,000,000.
        // A 1 MB turn takes about a tenth of a second, and with 11 runs a size the verdicts flipped from run to
        // run: 61 keep them steady for about a minute more.
        large: { rounds: 3, resultBytes: [100_000, 1_000_000], warmupRuns: 2, runs: 61 },
        setup: { warmupRuns: 20, runs: 200 },
        // Each batch of the Vercel AI SDK takes several seconds of CPU: 5 of each keep this to a few minutes.
        concurrency: { turns: 1000, rounds: 3, delayMs: 50, warmupRuns: 1, runs: 5 },
      };
}
