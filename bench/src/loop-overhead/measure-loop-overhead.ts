import { createFakeLlm } from '@toolloop/fake-llm';
import { withDeadline } from '../internal/with-deadline.js';
import { pairRatios } from '../stats/pair-ratios.js';
import { runInterleaved } from '../stats/run-interleaved.js';
import { summarize, type Summary } from '../stats/summarize.js';
import { createLoopContender } from './create-loop-contender.js';
import { loopContenderIds, loopPeerIds, type LoopContenderId } from './loop-contender.js';
import { createLoopSteps } from './loop-script.js';

/** One contender's loop times. */
export interface LoopContenderResult {
  id: LoopContenderId;
  label: string;
  /** Milliseconds per whole loop run. */
  milliseconds: Summary;
  /** Its time over the floor's, per round. */
  overFloor: Summary;
  /** CPU milliseconds of the process per loop run (the in-process fake LLM's share included). */
  cpuMilliseconds: Summary;
  /** Its CPU time over the floor's, per round: steadier than wall time on a busy machine. */
  cpuOverFloor: Summary;
  samples: number[];
}

/** What the loop overhead benchmark measured. */
export interface LoopOverheadResult {
  rounds: number;
  requests: number;
  warmupRuns: number;
  runs: number;
  contenders: LoopContenderResult[];
  /** toolloop's time over each peer's, per round (below 1: toolloop is faster). */
  toolloopOverPeers: Array<{ id: LoopContenderId; label: string; ratio: Summary }>;
}

/**
 * The loop overhead benchmark: a `rounds`-round tool loop (one trivial tool per round) run by each contender
 * against one fake LLM served over loopback HTTP, every contender on its own script of the same steps, warmed
 * up, then interleaved round by round. Fails if the fake LLM saw a protocol violation.
 */
export async function measureLoopOverhead({
  rounds = 10,
  warmupRuns,
  runs,
}: {
  rounds?: number;
  warmupRuns: number;
  runs: number;
}): Promise<LoopOverheadResult> {
  const fake = createFakeLlm();
  const server = await fake.serve();
  try {
    const contenders = loopContenderIds.map((id) => {
      // One script per run, registered before any clock starts: the fake's checks scan a script's earlier
      // answers, so a long shared script would make later runs slower than earlier ones.
      const baseURLs = Array.from({ length: warmupRuns + runs }, (_unused, run) => {
        fake.script(`${id}-${run}`, {
          name: `loop overhead: ${id}, run ${run}`,
          steps: createLoopSteps({ rounds }),
        });
        return `${server.url}/script/${id}-${run}`;
      });
      const contender = createLoopContender(id, { rounds });
      let run = 0;
      return {
        ...contender,
        run: async () => {
          const script = `${id}-${run}`;
          await contender.run(baseURLs[run++] ?? `${server.url}/script/${script}`);
          // The fake forgets a finished run's requests, as the eval runner has it do: a fake that kept every
          // request of every run would grow the heap the whole benchmark long, and make each collection of
          // garbage slower the more a contender allocates.
          await fake.waitForIdle();
          const [violation] = fake.violations;
          if (violation !== undefined)
            throw new Error(`The fake LLM saw a violation in ${script}: ${JSON.stringify(violation)}`);
          fake.removeScript(script);
        },
      };
    });
    const durations = await runInterleaved({ contenders, warmupRuns, runs });
    await withDeadline({ work: fake.waitForIdle(), milliseconds: 10_000, what: 'The fake LLM going idle' });
    if (fake.violations.length > 0)
      throw new Error(`The fake LLM saw violations: ${JSON.stringify(fake.violations.slice(0, 3))}`);
    const samplesOf = (id: LoopContenderId): number[] => durations.get(id)?.milliseconds ?? [];
    const cpuOf = (id: LoopContenderId): number[] => durations.get(id)?.cpuMilliseconds ?? [];
    const floor = samplesOf('floor');
    const toolloop = samplesOf('toolloop');
    return {
      rounds,
      requests: rounds + 1,
      warmupRuns,
      runs,
      contenders: contenders.map(({ id, label }) => ({
        id,
        label,
        milliseconds: summarize(samplesOf(id)),
        overFloor: summarize(pairRatios({ numerators: samplesOf(id), denominators: floor })),
        cpuMilliseconds: summarize(cpuOf(id)),
        cpuOverFloor: summarize(pairRatios({ numerators: cpuOf(id), denominators: cpuOf('floor') })),
        samples: samplesOf(id),
      })),
      toolloopOverPeers: contenders
        .filter(({ id }) => loopPeerIds.includes(id))
        .map(({ id, label }) => ({
          id,
          label,
          ratio: summarize(pairRatios({ numerators: toolloop, denominators: samplesOf(id) })),
        })),
    };
  } finally {
    await server.close();
    await fake.close();
  }
}
