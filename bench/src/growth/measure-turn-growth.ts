import { createLoopContender } from '../loop-overhead/create-loop-contender.js';
import type { LoopContenderId } from '../loop-overhead/loop-contender.js';
import { echoTool, loopModelId } from '../loop-overhead/loop-script.js';
import { pairRatios } from '../stats/pair-ratios.js';
import { runInterleaved } from '../stats/run-interleaved.js';
import { summarize, type Summary } from '../stats/summarize.js';
import { startFakeLlmProcess, type FakeLlmProcess } from './fake-llm-process.js';

/** The contender every other is divided by: a tool loop written by hand on the bare SDK. */
export const handWrittenId: LoopContenderId = 'sdk-loop';

/**
 * One turn shape to measure: `rounds` echo calls, each result `toolOutputBytes` long (`'ok'` without it), asked
 * of `model` (the loop script's model without it).
 */
export interface TurnShape {
  rounds: number;
  toolOutputBytes?: number;
  model?: string;
}

/** One contender's figures on one turn shape. */
export interface GrowthContenderResult {
  id: LoopContenderId;
  label: string;
  /** The client's CPU milliseconds per request (the fake LLM runs in another process). */
  cpuPerRequestMs: Summary;
  /** Its CPU over the hand-written loop's, run by run. */
  cpuOverHandWritten: Summary;
  /** The fake LLM's CPU milliseconds per request, serving this contender. */
  fakeCpuPerRequestMs: Summary;
  /** The fake's CPU serving this contender over serving the hand-written loop, run by run. */
  fakeCpuOverHandWritten: Summary;
}

/** What one turn shape measured. */
export interface TurnGrowthResult extends Required<TurnShape> {
  requests: number;
  warmupRuns: number;
  runs: number;
  contenders: GrowthContenderResult[];
}

/**
 * Runs each contender's whole turn of each shape against the fake LLM served by a child process, warmed up, then
 * interleaved in a shuffled order, and reads the client's CPU (this process) and the fake's (the child) around
 * each run. The hand-written loop on the bare SDK is the reference of every ratio.
 */
export async function measureTurnGrowth({
  shapes,
  contenders: ids,
  warmupRuns,
  runsFor,
}: {
  shapes: readonly TurnShape[];
  contenders: readonly LoopContenderId[];
  warmupRuns: number;
  /** How many measured runs a shape gets (longer turns fewer). */
  runsFor: (shape: TurnShape) => number;
}): Promise<TurnGrowthResult[]> {
  if (!ids.includes(handWrittenId)) throw new Error(`The contenders must include ${handWrittenId}.`);
  const fake = await startFakeLlmProcess();
  try {
    const results: TurnGrowthResult[] = [];
    for (const shape of shapes)
      results.push(await measureShape({ fake, shape, ids, warmupRuns, runs: runsFor(shape) }));
    return results;
  } finally {
    await fake.close();
  }
}

async function measureShape({
  fake,
  shape,
  ids,
  warmupRuns,
  runs,
}: {
  fake: FakeLlmProcess;
  shape: TurnShape;
  ids: readonly LoopContenderId[];
  warmupRuns: number;
  runs: number;
}): Promise<TurnGrowthResult> {
  const { rounds, toolOutputBytes = echoTool.output.length, model = loopModelId } = shape;
  const toolOutput =
    shape.toolOutputBytes === undefined ? undefined : createToolOutput(shape.toolOutputBytes);
  const prefix = `growth-${rounds}-${toolOutputBytes}`;
  const fakeCpu = new Map<LoopContenderId, number[]>(ids.map((id) => [id, []]));
  const runCounts = new Map<LoopContenderId, number>(ids.map((id) => [id, 0]));
  const scriptOf = (id: LoopContenderId) => `${prefix}-${id}-${runCounts.get(id) ?? 0}`;
  const contenders = ids.map((id) => {
    const contender = createLoopContender(id, {
      rounds,
      model,
      ...(toolOutput === undefined ? {} : { toolOutput }),
    });
    return { id, label: contender.label, run: () => contender.run(`${fake.url}/script/${scriptOf(id)}`) };
  });
  const samples = await runInterleaved({
    contenders,
    warmupRuns,
    runs,
    // The script of a run is registered before it, outside the clocks: a long script is a large message.
    beforeRun: async (id) => {
      await fake.addScripts({ ids: [scriptOf(id)], rounds });
      await fake.begin(scriptOf(id));
    },
    afterRun: async (id, measured) => {
      const script = scriptOf(id);
      const cpu = await fake.end(script, [script]);
      if (measured) fakeCpu.get(id)?.push(cpu);
      runCounts.set(id, (runCounts.get(id) ?? 0) + 1);
    },
  });
  const requests = rounds + 1;
  const clientOf = (id: LoopContenderId) => samples.get(id)?.cpuMilliseconds ?? [];
  const fakeOf = (id: LoopContenderId) => fakeCpu.get(id) ?? [];
  return {
    rounds,
    toolOutputBytes,
    model,
    requests,
    warmupRuns,
    runs,
    contenders: contenders.map(({ id, label }) => ({
      id,
      label,
      cpuPerRequestMs: summarize(clientOf(id).map((cpu) => cpu / requests)),
      cpuOverHandWritten: summarize(
        pairRatios({ numerators: clientOf(id), denominators: clientOf(handWrittenId) }),
      ),
      fakeCpuPerRequestMs: summarize(fakeOf(id).map((cpu) => cpu / requests)),
      fakeCpuOverHandWritten: summarize(
        pairRatios({ numerators: fakeOf(id), denominators: fakeOf(handWrittenId) }),
      ),
    })),
  };
}

/**
 * A tool result of `bytes` characters: numbered lines of plain words, as a file or a search result reads, so
 * that no contender's JSON writing meets an unusual string.
 */
export function createToolOutput(bytes: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let line = 1; length < bytes; line += 1) {
    const text = `${String(line).padStart(6, '0')}: the quick brown fox jumps over the lazy dog, again and again.\n`;
    lines.push(text);
    length += text.length;
  }
  return lines.join('').slice(0, bytes);
}
