import type { McpMessageRecord } from '@toolloop/core/mcp';
import type { FakeLlmScriptHandle, LlmStep, RecordedRequest } from '@toolloop/fake-llm';
import type { RecordingOutcome, ScenarioFailure, ScenarioSource } from '../../report/run-report.js';
import type { ScenarioServer } from '../../scenario/scenario-schema.js';
import type { ScenarioProvider } from '../../scenario/wires.js';
import type { ModelEndpoint } from '../create-scenario-model.js';

/**
 * What one run of a scenario does that depends on where its model answers come from (`ScenarioMode`): a script,
 * a recording or the real API. `runScenario` builds one with `createRunMode` and calls it at each point of the
 * run; it never asks which mode it has.
 */
export interface RunMode {
  /** Where the result says the answers came from. */
  readonly source: ScenarioSource;
  /** What the scenario's route on the fake LLM answers with: its `llm` steps, or its recording's answers. */
  readonly steps: readonly LlmStep[];
  /** Where the scenario's models send their requests. Throws when nothing would answer them. */
  endpoint(): ModelEndpoint;
  /**
   * Where a live run's judges send their requests: the real API of `provider`, through the run's proxy, on a route
   * of their own. Absent in the modes whose judges are answered otherwise (a script), or not yet (a recording).
   */
  readonly judgeEndpoint?: (provider: ScenarioProvider) => ModelEndpoint;
  /** The MCP servers to start, from the scenario's own, and what is shown each message they exchange. */
  servers(servers: Record<string, ScenarioServer> | undefined): RunModeServers;
  /**
   * Called as a turn starts (before its first request); what it returns reads the turn once it has ended.
   * `route` is the scenario's route on the fake LLM, which a script's and a replay's requests reach.
   */
  startTurn(turn: { index: number; user: string | undefined; route: FakeLlmScriptHandle }): RunModeTurn;
  /**
   * What the mode keeps of the run once it is over (a recording), and what the result says of it: `passed`
   * and `failed` as the run ended (a runner error is `failed`), `abandoned` when its deadline passed first.
   */
  finish(outcome: 'passed' | 'failed' | 'abandoned'): Promise<RecordingOutcome | undefined>;
  /** Values no result, report or recording of the run may hold (a live run's keys and signing credentials). */
  secrets(): readonly string[];
}

/** The servers a mode starts, and what it is shown of their messages (a live record keeps the real ones' answers). */
export interface RunModeServers {
  servers: Record<string, ScenarioServer> | undefined;
  onMessage?: (record: McpMessageRecord) => void;
}

/** One turn as a mode sees it, from its start. */
export interface RunModeTurn {
  /**
   * Once the turn has ended and its streams are done: its model requests as they were received, and the
   * failures the mode finds of its own (a request that drifted from its recording).
   */
  finish(): { received: RecordedRequest[]; failures: ScenarioFailure[] };
}
