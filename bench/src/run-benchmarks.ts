import type { BenchResults } from './bench-results.js';
import type { BenchmarkId } from './cli/bench-options.js';
import { createBenchPlan } from './cli/bench-plan.js';
import { measureCliStart } from './cli-start/measure-cli-start.js';
import { measureConcurrency } from './growth/measure-concurrency.js';
import { concurrencyContenders, measureLargeResults, measureLongTurns } from './growth/measure-long-turns.js';
import { measureTurnSetup } from './growth/measure-turn-setup.js';
import { measureEvalThroughput } from './eval-throughput/measure-eval-throughput.js';
import { measureHosts } from './hosts/measure-hosts.js';
import { checkGoals } from './report/check-goals.js';
import { measureLoopOverhead } from './loop-overhead/measure-loop-overhead.js';
import { describeMachine } from './report/describe-machine.js';
import { measureRequestBytes } from './request-bytes/measure-request-bytes.js';
import { measureSessionTurnCost } from './session-turn-cost/measure-session-turn-cost.js';
import { measureStreamingLatency } from './streaming-latency/measure-streaming-latency.js';
import { measureTimeoutPrecision } from './timeout-precision/measure-timeout-precision.js';
import { measureWireOverhead } from './wire-overhead/measure-wire-overhead.js';
import { measureXmlEarlyStop } from './xml-early-stop/measure-xml-early-stop.js';
import { runEachBenchmark } from './run-each-benchmark.js';

/**
 * Runs the chosen benchmarks one after another (never two at once, so they do not skew each other; one that
 * throws is named in `failures` and the others still run) and checks
 * the benchmark goals (`checkGoals`) against what was measured. `onProgress` hears the name of each benchmark as it starts.
 *
 * @example
 * const results = await runBenchmarks({ quick: true, only: ['loop'] });
 */
export async function runBenchmarks({
  quick,
  only,
  cpuProfileDirectory,
  onProgress = () => undefined,
}: {
  quick: boolean;
  only: readonly BenchmarkId[];
  cpuProfileDirectory?: string | undefined;
  onProgress?: (benchmark: BenchmarkId) => void;
}): Promise<BenchResults> {
  const machine = describeMachine();
  const plan = createBenchPlan({ quick });
  const results: Omit<BenchResults, 'goals' | 'failures'> = { quick, benchmarks: only, machine, plan };
  const measure = async (benchmark: BenchmarkId): Promise<void> => {
    switch (benchmark) {
      case 'loop':
        results.loopOverhead = await measureLoopOverhead(plan.loop);
        break;
      case 'eval':
        results.evalThroughput = await measureEvalThroughput({ ...plan.eval, cpuProfileDirectory });
        break;
      case 'timeout':
        results.timeoutPrecision = await measureTimeoutPrecision(plan.timeout);
        break;
      case 'streaming':
        results.streamingLatency = await measureStreamingLatency(plan.streaming);
        break;
      case 'xml':
        results.xmlEarlyStop = await measureXmlEarlyStop(plan.xml);
        break;
      case 'session':
        results.sessionTurnCost = await measureSessionTurnCost(plan.session);
        break;
      case 'requests':
        results.requestBytes = await measureRequestBytes(plan.requests);
        break;
      case 'wires':
        results.wireOverhead = await measureWireOverhead(plan.wires);
        break;
      case 'hosts':
        results.hosts = await measureHosts(plan.hosts);
        break;
      case 'start':
        results.cliStart = await measureCliStart(plan.start);
        break;
      case 'long':
        results.longTurns = await measureLongTurns(plan.long);
        break;
      case 'large':
        results.largeResults = await measureLargeResults(plan.large);
        break;
      case 'setup':
        results.turnSetup = await measureTurnSetup(plan.setup);
        break;
      case 'concurrency':
        results.concurrency = await measureConcurrency({
          ...plan.concurrency,
          contenders: concurrencyContenders,
        });
        break;
      default: {
        const unexpected: never = benchmark;
        throw new Error(`Unknown benchmark ${String(unexpected)}`);
      }
    }
  };
  const failures = await runEachBenchmark({ only, measure, onProgress });
  return { ...results, failures, goals: checkGoals(results) };
}
