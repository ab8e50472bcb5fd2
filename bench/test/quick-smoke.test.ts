import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BenchResults } from '../src/bench-results.js';
import { createBenchPlan } from '../src/cli/bench-plan.js';
import { cliStartCommandIds, measureCliStart } from '../src/cli-start/measure-cli-start.js';
import { runFloorOnce } from '../src/eval-throughput/run-floor-once.js';
import { runSuiteOnce } from '../src/eval-throughput/run-suite-once.js';
import { writeScenarioSuite } from '../src/eval-throughput/write-scenario-suite.js';
import { measureConcurrency } from '../src/growth/measure-concurrency.js';
import {
  longTurnContenders,
  measureLargeResults,
  measureLongTurns,
} from '../src/growth/measure-long-turns.js';
import { measureTurnSetup } from '../src/growth/measure-turn-setup.js';
import { measureLoopOverhead } from '../src/loop-overhead/measure-loop-overhead.js';
import { checkGoals } from '../src/report/check-goals.js';
import { describeMachine } from '../src/report/describe-machine.js';
import { writeBenchmarksDocs } from '../src/report/write-benchmarks-docs.js';
import { measureSessionTurnCost } from '../src/session-turn-cost/measure-session-turn-cost.js';
import { measureStreamingLatency } from '../src/streaming-latency/measure-streaming-latency.js';
import { measureTimeoutPrecision } from '../src/timeout-precision/measure-timeout-precision.js';
import { measureXmlEarlyStop } from '../src/xml-early-stop/measure-xml-early-stop.js';
import { measureRequestBytes } from '../src/request-bytes/measure-request-bytes.js';
import { measureWireOverhead } from '../src/wire-overhead/measure-wire-overhead.js';

// Each benchmark end to end at the smallest size, so `pnpm test` proves the bench still runs against the
// libraries; the figures themselves come from `pnpm bench` (the eval throughput's child processes need the build).
const directories: string[] = [];
afterAll(async () => {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

async function temporaryDirectory(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-bench-test-'));
  directories.push(directory);
  return directory;
}

describe('the benchmarks at the smallest size', () => {
  it('runs the loop with every contender against one fake LLM', async () => {
    const result = await measureLoopOverhead({ rounds: 2, warmupRuns: 1, runs: 2 });
    expect(result.contenders.map((contender) => [contender.id, contender.milliseconds.count])).toEqual([
      ['floor', 2],
      ['sdk-loop', 2],
      ['toolloop-provider', 2],
      ['toolloop', 2],
      ['anthropic-tool-runner', 2],
      ['vercel-ai', 2],
    ]);
    expect(result.contenders[0]?.overFloor.median).toBe(1);
    expect(result.toolloopOverPeers.map((peer) => peer.id)).toEqual(['anthropic-tool-runner', 'vercel-ai']);
  });

  it('runs the floor and toolloop on each of the six wires against one fake LLM, interleaved', async () => {
    const result = await measureWireOverhead({ rounds: 2, warmupRuns: 1, runs: 2 });
    expect(
      result.wires.map(({ wire, cpuRatio, wallRatio }) => [wire, cpuRatio.count, wallRatio.count]),
    ).toEqual([
      ['anthropic', 2, 2],
      ['openai-chat', 2, 2],
      ['openai-responses', 2, 2],
      ['gemini', 2, 2],
      ['bedrock', 2, 2],
      ['ollama', 2, 2],
    ]);
  });

  it('counts the request bytes and cached shares of every contender over the same loop', async () => {
    const result = await measureRequestBytes({ rounds: 2 });
    const byId = new Map(result.contenders.map((contender) => [contender.id, contender]));

    expect(result.contenders.map((contender) => [contender.id, contender.bodyBytes.length])).toEqual([
      ['toolloop', 3],
      ['toolloop-threads', 3],
      ['toolloop-threads-uncached', 3],
      ['anthropic-tool-runner', 3],
      ['vercel-ai', 3],
    ]);
    // toolloop's breakpoints: the requests after the first read nearly all their input from the cache.
    for (const share of byId.get('toolloop')?.cachedShare.slice(1) ?? []) expect(share).toBeGreaterThan(0.9);
    expect(byId.get('vercel-ai')?.cachedShare).toEqual([0, 0, 0]);
    // Threads: every request carries one, and a continue holds only the round's tool result.
    for (const id of ['toolloop-threads', 'toolloop-threads-uncached', 'anthropic-tool-runner'] as const) {
      expect(byId.get(id)?.threaded).toEqual([true, true, true]);
      expect(byId.get(id)?.bodyBytes[1]).toBeLessThan(400);
    }
    expect(byId.get('toolloop')?.threaded).toEqual([false, false, false]);
    expect(byId.get('toolloop-threads-uncached')?.bodyBytes.slice(1)).toEqual(
      byId.get('anthropic-tool-runner')?.bodyBytes.slice(1),
    );
    // What caching adds to a continue is its cache breakpoint, and only that.
    const threads = byId.get('toolloop-threads');
    expect(byId.get('anthropic-tool-runner')?.breakpointBytes).toEqual([0, 0, 0]);
    expect(byId.get('toolloop-threads-uncached')?.breakpointBytes).toEqual([0, 0, 0]);
    expect(threads?.breakpointBytes.every((bytes) => bytes > 0)).toBe(true);
    expect(
      threads?.bodyBytes.slice(1).map((bytes, index) => bytes - (threads.breakpointBytes[index + 1] ?? 0)),
    ).toEqual(byId.get('toolloop-threads-uncached')?.bodyBytes.slice(1));
  });

  it('runs a generated suite of three-round scenarios and they all pass', async () => {
    const directory = await temporaryDirectory();
    await writeScenarioSuite({ directory, count: 3 });
    const run = await runSuiteOnce({ directory, workers: 2 });
    expect(run).toMatchObject({ scenarios: 3, passed: 3, workers: 2 });
    expect(run.peakRssBytes).toBeGreaterThan(0);
  });

  it("runs the eval's floor: the generated scenarios' requests against the fake, which sees no violation", async () => {
    const run = await runFloorOnce({ count: 3 });
    expect(run.scenarios).toBe(3);
    expect(run.durationMs).toBeGreaterThan(0);
  });

  it('times out every turn with the hanging tool', async () => {
    const result = await measureTimeoutPrecision({ timeoutMs: 20, warmupRuns: 0, runs: 3 });
    expect(result.overshootMs.count).toBe(3);
    // Node fires timers on millisecond ticks, up to 1 ms before a deadline read from performance.now() (as core's
    // own timeout test allows); a turn ending earlier than that would be a real bug.
    expect(result.overshootMs.min).toBeGreaterThanOrEqual(-1);
  });

  it('times every text delta for toolloop and the bare SDK', async () => {
    const result = await measureStreamingLatency({ chunkDelayMs: 5, warmupRuns: 0, runs: 1 });
    expect(result.toolloop.count).toBe(result.deltasPerRun);
    expect(result.bareSdk.count).toBe(result.deltasPerRun);
  });

  it("measures each command line's start, with its CPU over vitest --version's taken pair by pair", async () => {
    const result = await measureCliStart({ warmupRuns: 0, runs: 1 });

    expect(result.commands.map((command) => command.id)).toEqual(cliStartCommandIds);
    for (const command of result.commands) {
      expect(command.cpuMilliseconds.median).toBeGreaterThan(0);
      expect(command.overReference.median).toBeCloseTo(
        command.cpuMilliseconds.median / (result.commands[0]?.cpuMilliseconds.median ?? Number.NaN),
      );
    }
  });

  it('measures long turns and large results with the fake LLM in its own process, its CPU read apart', async () => {
    const [long] = await measureLongTurns({
      lengths: [3],
      warmupRuns: 0,
      requestsPerContender: 4,
      minRuns: 1,
    });
    expect(long?.contenders.map(({ id, cpuPerRequestMs }) => [id, cpuPerRequestMs.count])).toEqual(
      longTurnContenders.map((id) => [id, 1]),
    );
    for (const contender of long?.contenders ?? []) {
      expect(contender.cpuPerRequestMs.median).toBeGreaterThan(0);
      expect(contender.fakeCpuPerRequestMs.median).toBeGreaterThan(0);
    }
    const handWritten = long?.contenders.find(({ id }) => id === 'sdk-loop');
    expect(handWritten?.cpuOverHandWritten.median).toBe(1);

    const large = await measureLargeResults({ rounds: 2, resultBytes: [10_000], warmupRuns: 0, runs: 1 });
    expect(large.map(({ rounds, toolOutputBytes, requests }) => [rounds, toolOutputBytes, requests])).toEqual(
      [[2, 10_000, 3]],
    );
  });

  it("times each contender's turn setup to its first fetch, and runs concurrent turns with their heap per turn", async () => {
    const setup = await measureTurnSetup({ warmupRuns: 0, runs: 2 });
    expect(setup.contenders.map(({ id, setupMs }) => [id, setupMs.count])).toEqual([
      ['bare-sdk', 2],
      ['toolloop', 2],
      ['anthropic-tool-runner', 2],
      ['vercel-ai', 2],
    ]);
    expect(setup.contenders[0]?.overBareSdkMs.median).toBe(0);

    const concurrency = await measureConcurrency({
      turns: 5,
      rounds: 2,
      delayMs: 5,
      warmupRuns: 0,
      runs: 1,
      contenders: ['sdk-loop', 'toolloop'],
    });
    expect(concurrency.contenders.map(({ id, cpuMilliseconds }) => [id, cpuMilliseconds.count])).toEqual([
      ['sdk-loop', 1],
      ['toolloop', 1],
    ]);
    for (const contender of concurrency.contenders)
      expect(contender.heapPerTurnKilobytes.median).toBeGreaterThan(0);
  });

  it('sees the XML early stop send less after the second block than a stream read to the end', async () => {
    // Paced so that the rest of the response (about 30 deltas) takes longer to send than the abort takes to reach
    // the fake on a loaded machine (a CI runner running every package's tests at once); 2 ms was too close.
    const result = await measureXmlEarlyStop({ chunkDelayMs: 20, runs: 1 });
    expect(result.earlyStop.bytesSentAfterSecondBlock.median).toBeLessThan(
      result.readToEnd.bytesSentAfterSecondBlock.median,
    );
    expect(result.readToEnd.shareSent.median).toBe(1);
  });

  it('times session turns after a short and a long history, for both stores', async () => {
    const result = await measureSessionTurnCost({ historyTurns: [2, 20], warmupRuns: 0, runs: 2 });
    expect(
      result.stores.map(({ store, milliseconds }) => [store, milliseconds.map((summary) => summary.count)]),
    ).toEqual([
      ['memory', [2, 2]],
      ['file', [2, 2]],
    ]);
  });

  it('checks the goals and writes the document and chart from results', async () => {
    const loopOverhead = await measureLoopOverhead({ rounds: 1, warmupRuns: 0, runs: 1 });
    const partial: Omit<BenchResults, 'goals' | 'failures'> = {
      quick: true,
      benchmarks: ['loop'],
      machine: describeMachine(),
      plan: createBenchPlan({ quick: true }),
      loopOverhead,
    };
    const results: BenchResults = { ...partial, failures: [], goals: checkGoals(partial) };
    expect(results.goals.map((goal) => goal.goal)).toEqual([
      'toolloop faster than Anthropic SDK toolRunner',
      'toolloop faster than Vercel AI SDK',
    ]);
    const docsDirectory = await temporaryDirectory();
    const written = await writeBenchmarksDocs({ results, docsDirectory });
    expect(written).toEqual([
      join(docsDirectory, 'BENCHMARKS.md'),
      join(docsDirectory, 'benchmarks/loop-overhead.svg'),
    ]);
    const document = await readFile(join(docsDirectory, 'BENCHMARKS.md'), 'utf8');
    expect(document).toContain('![Loop overhead per library](benchmarks/loop-overhead.svg)');
    expect(document).toContain('No findings written yet.');
  });
});
