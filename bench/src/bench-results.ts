import type { BenchFailure } from './run-each-benchmark.js';
import type { CliStartResult } from './cli-start/measure-cli-start.js';
import type { BenchmarkId } from './cli/bench-options.js';
import type { BenchPlan } from './cli/bench-plan.js';
import type { ConcurrencyResult } from './growth/measure-concurrency.js';
import type { TurnGrowthResult } from './growth/measure-turn-growth.js';
import type { TurnSetupResult } from './growth/measure-turn-setup.js';
import type { EvalThroughputResult } from './eval-throughput/measure-eval-throughput.js';
import type { HostsResult } from './hosts/measure-hosts.js';
import type { LoopOverheadResult } from './loop-overhead/measure-loop-overhead.js';
import type { MachineDescription } from './report/describe-machine.js';
import type { RequestBytesResult } from './request-bytes/measure-request-bytes.js';
import type { SessionTurnCostResult } from './session-turn-cost/measure-session-turn-cost.js';
import type { StreamingLatencyResult } from './streaming-latency/measure-streaming-latency.js';
import type { TimeoutPrecisionResult } from './timeout-precision/measure-timeout-precision.js';
import type { WireOverheadResult } from './wire-overhead/measure-wire-overhead.js';
import type { XmlEarlyStopResult } from './xml-early-stop/measure-xml-early-stop.js';

/** Everything one `bench` run measured; a benchmark not run is absent. This is what `--json` prints. */
export interface BenchResults {
  quick: boolean;
  benchmarks: readonly BenchmarkId[];
  machine: MachineDescription;
  plan: BenchPlan;
  loopOverhead?: LoopOverheadResult;
  evalThroughput?: EvalThroughputResult;
  timeoutPrecision?: TimeoutPrecisionResult;
  streamingLatency?: StreamingLatencyResult;
  xmlEarlyStop?: XmlEarlyStopResult;
  sessionTurnCost?: SessionTurnCostResult;
  requestBytes?: RequestBytesResult;
  wireOverhead?: WireOverheadResult;
  hosts?: HostsResult;
  cliStart?: CliStartResult;
  /** One result per turn length. */
  longTurns?: TurnGrowthResult[];
  /** One result per tool result size. */
  largeResults?: TurnGrowthResult[];
  turnSetup?: TurnSetupResult;
  concurrency?: ConcurrencyResult;
  /** The benchmarks that threw, each with its message; their results are absent. */
  failures: BenchFailure[];
  goals: GoalCheck[];
}

/** One benchmark goal, the figure it is judged on, and whether that figure meets it. */
export interface GoalCheck {
  goal: string;
  measured: string;
  met: boolean;
}
