import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createLoopContender } from '../loop-overhead/create-loop-contender.js';
import type { LoopContenderId } from '../loop-overhead/loop-contender.js';
import { pairRatios } from '../stats/pair-ratios.js';
import { runInterleaved } from '../stats/run-interleaved.js';
import { summarize, type Summary } from '../stats/summarize.js';
import { startFakeLlmProcess } from './fake-llm-process.js';
import { handWrittenId } from './measure-turn-growth.js';

/** One contender's figures for a batch of concurrent turns. */
export interface ConcurrencyContenderResult {
  id: LoopContenderId;
  label: string;
  /** The client's CPU milliseconds for the whole batch. */
  cpuMilliseconds: Summary;
  /** Its CPU over the hand-written loop's, batch by batch. */
  cpuOverHandWritten: Summary;
  /** The heap's peak during the batch over its size before, per turn (KB). */
  heapPerTurnKilobytes: Summary;
}

export interface ConcurrencyResult {
  turns: number;
  rounds: number;
  /** How long the fake LLM waits before each answer, so that every turn of a batch is in flight at once. */
  delayMs: number;
  warmupRuns: number;
  runs: number;
  contenders: ConcurrencyContenderResult[];
}

/**
 * Concurrency: `turns` turns of `rounds` rounds started at once by each contender, against the fake LLM in a
 * process of its own that answers each request after `delayMs` — so every turn has a request in flight at the
 * same time — batches interleaved in a shuffled order. The client's CPU for the batch, and the heap's peak over
 * its size before the batch (after a collection), per turn: what a turn in flight holds.
 */
export async function measureConcurrency({
  turns,
  rounds,
  delayMs,
  warmupRuns,
  runs,
  contenders: ids,
}: {
  turns: number;
  rounds: number;
  delayMs: number;
  warmupRuns: number;
  runs: number;
  contenders: readonly LoopContenderId[];
}): Promise<ConcurrencyResult> {
  const collectGarbage = exposeGc();
  const fake = await startFakeLlmProcess();
  const batches = new Map<LoopContenderId, number>(ids.map((id) => [id, 0]));
  const scriptsOf = (id: LoopContenderId) =>
    Array.from({ length: turns }, (_unused, turn) => `concurrency-${id}-${batches.get(id) ?? 0}-${turn}`);
  const heap = new Map<LoopContenderId, number[]>(ids.map((id) => [id, []]));
  let peak = { before: 0, highest: 0 };
  try {
    const contenders = ids.map((id) => {
      const contender = createLoopContender(id, { rounds });
      return {
        id,
        label: contender.label,
        run: async () => {
          const sampler = setInterval(() => {
            peak.highest = Math.max(peak.highest, process.memoryUsage().heapUsed);
          }, 5);
          try {
            await Promise.all(scriptsOf(id).map((script) => contender.run(`${fake.url}/script/${script}`)));
          } finally {
            clearInterval(sampler);
          }
        },
      };
    });
    const samples = await runInterleaved({
      contenders,
      warmupRuns,
      runs,
      beforeRun: async (id) => {
        await fake.addScripts({ ids: scriptsOf(id), rounds, delayMs });
        await fake.begin(id);
        collectGarbage();
        const before = process.memoryUsage().heapUsed;
        peak = { before, highest: before };
      },
      afterRun: async (id, measured) => {
        await fake.end(id, scriptsOf(id));
        if (measured) heap.get(id)?.push((peak.highest - peak.before) / 1024 / turns);
        batches.set(id, (batches.get(id) ?? 0) + 1);
      },
    });
    const cpuOf = (id: LoopContenderId) => samples.get(id)?.cpuMilliseconds ?? [];
    return {
      turns,
      rounds,
      delayMs,
      warmupRuns,
      runs,
      contenders: contenders.map(({ id, label }) => ({
        id,
        label,
        cpuMilliseconds: summarize(cpuOf(id)),
        cpuOverHandWritten: summarize(
          pairRatios({ numerators: cpuOf(id), denominators: cpuOf(handWrittenId) }),
        ),
        heapPerTurnKilobytes: summarize(heap.get(id) ?? []),
      })),
    };
  } finally {
    await fake.close();
  }
}

/** `gc()`, made callable in a process started without `--expose-gc`. */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
  };
}
