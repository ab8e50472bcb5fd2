import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { withDeadline } from '../internal/with-deadline.js';
import { createLoopSteps } from '../loop-overhead/loop-script.js';
import { pairRatios } from '../stats/pair-ratios.js';
import { runInterleaved } from '../stats/run-interleaved.js';
import { summarize, type Summary } from '../stats/summarize.js';
import { createWireFloor } from './create-wire-floor.js';
import { createWireToolloopContender } from './create-wire-toolloop-contender.js';
import type { WireContender } from './wire-contender.js';
import { wireIds, wireLabels, type WireId } from './wire-id.js';

/** One wire's figures: toolloop over the floor of the same round, wall and CPU time. */
export interface WireOverheadEntry {
  wire: WireId;
  label: string;
  /** toolloop's wall time over the floor's, per round. */
  wallRatio: Summary;
  /** toolloop's CPU time over the floor's, per round (the in-process fake LLM's share in both). */
  cpuRatio: Summary;
  /** Each contender's samples in milliseconds, round by round, for whoever wants to recompute. */
  samples: Record<'floor' | 'toolloop', { milliseconds: number[]; cpuMilliseconds: number[] }>;
}

/** What the wire overhead benchmark measured. */
export interface WireOverheadResult {
  rounds: number;
  requests: number;
  warmupRuns: number;
  runs: number;
  wires: WireOverheadEntry[];
}

/**
 * The wire overhead benchmark: on each of the six wires, the same `rounds`-round tool loop (one trivial tool
 * per round) run by the wire's floor, a loop written by hand on its official SDK, and by toolloop with the wire's
 * provider, all twelve against one served fake LLM, each run on a script of its own with the same steps, warmed
 * up, then interleaved in an order shuffled each round. Fails if the fake LLM saw a protocol violation.
 */
export async function measureWireOverhead({
  rounds = 10,
  warmupRuns,
  runs,
  wires = wireIds,
}: {
  rounds?: number;
  warmupRuns: number;
  runs: number;
  wires?: readonly WireId[];
}): Promise<WireOverheadResult> {
  const fake = createFakeLlm();
  const server = await fake.serve();
  try {
    const contenders = wires.flatMap((wire) => [
      createWireFloor({ wire, rounds }),
      createWireToolloopContender({ wire, rounds }),
    ]);
    const timed = contenders.map((contender) =>
      toTimedContender({ contender, fake, serverURL: server.url, rounds, runs: warmupRuns + runs }),
    );
    const samples = await runInterleaved({ contenders: timed, warmupRuns, runs });
    await withDeadline({ work: fake.waitForIdle(), milliseconds: 10_000, what: 'The fake LLM going idle' });
    if (fake.violations.length > 0)
      throw new Error(`The fake LLM saw violations: ${JSON.stringify(fake.violations.slice(0, 3))}`);
    return {
      rounds,
      requests: rounds + 1,
      warmupRuns,
      runs,
      wires: wires.map((wire) => {
        const floor = samples.get(`${wire}/floor`) ?? { milliseconds: [], cpuMilliseconds: [] };
        const toolloop = samples.get(`${wire}/toolloop`) ?? { milliseconds: [], cpuMilliseconds: [] };
        return {
          wire,
          label: wireLabels[wire],
          wallRatio: summarize(
            pairRatios({ numerators: toolloop.milliseconds, denominators: floor.milliseconds }),
          ),
          cpuRatio: summarize(
            pairRatios({ numerators: toolloop.cpuMilliseconds, denominators: floor.cpuMilliseconds }),
          ),
          samples: { floor, toolloop },
        };
      }),
    };
  } finally {
    await server.close();
    await fake.close();
  }
}

/**
 * A contender as `runInterleaved` runs it: each run on a script of its own, registered before any clock starts
 * (the fake's checks scan a script's earlier answers, so a shared script would make later runs slower), checked
 * for violations and removed once the fake is idle, so the fake's records do not grow the heap all run long.
 */
function toTimedContender({
  contender,
  fake,
  serverURL,
  rounds,
  runs,
}: {
  contender: WireContender;
  fake: FakeLlm;
  serverURL: string;
  rounds: number;
  runs: number;
}): { id: string; run: () => Promise<void> } {
  const id = `${contender.wire}/${contender.role}`;
  const scriptIds = Array.from({ length: runs }, (_unused, run) => {
    const scriptId = `${contender.wire}-${contender.role}-${run}`;
    fake.script(scriptId, { name: `wire overhead: ${id}, run ${run}`, steps: createLoopSteps({ rounds }) });
    return scriptId;
  });
  let run = 0;
  return {
    id,
    run: async () => {
      const scriptId = scriptIds[run] ?? `${contender.wire}-${contender.role}-${run}`;
      run += 1;
      await contender.run(`${serverURL}/script/${scriptId}`);
      await fake.waitForIdle();
      const [violation] = fake.violations;
      if (violation !== undefined)
        throw new Error(`The fake LLM saw a violation in ${scriptId}: ${JSON.stringify(violation)}`);
      fake.removeScript(scriptId);
    },
  };
}
