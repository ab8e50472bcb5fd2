import type { McpMessageRecord } from '@toolloop/core/mcp';
import type { FakeLlmScriptHandle, LlmStep, RecordedRequest } from '@toolloop/fake-llm';
import type { RecordingOutcome, ScenarioFailure, ScenarioSource } from '../../report/run-report.js';
import type { ScenarioServer } from '../../scenario/scenario-schema.js';
import type { SideRole } from '../../record/recording.js';
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
   * Where a model beside the agent's (`role`: the judges, the simulated user) sends its requests when the fake LLM
   * does not answer it: the real API of `provider`, through the run's proxy, on a route of its own. Absent, or
   * `undefined` for that role, when the fake answers it (`sideSteps`).
   */
  readonly sideEndpoint?: (role: SideRole, provider: ScenarioProvider) => ModelEndpoint | undefined;
  /**
   * What the fake LLM answers a model beside the agent's with, on its own route: the recording's answers, in a
   * replay. Absent: the scenario's own script (`judge.script`, `simulate.script`).
   */
  readonly sideSteps?: (role: SideRole) => LlmStep[];
  /** The MCP servers to start, from the scenario's own, and what is shown each message they exchange. */
  servers(servers: Record<string, ScenarioServer> | undefined): RunModeServers;
  /**
   * Called as a turn starts (before a simulated user writes its message, and before its first request); what it
   * returns reads the turn once it has ended. `route` is the scenario's route on the fake LLM, which a script's and
   * a replay's requests reach; `sides` are the routes of the models beside the agent's the fake answers.
   */
  startTurn(turn: { index: number; route: FakeLlmScriptHandle; sides: SideRoutes }): RunModeTurn;
  /**
   * Once the last turn has been graded: what the mode finds wrong with the requests of the models beside the
   * agent's (a replayed judge whose input drifted, recorded answers no judge asked for).
   */
  finishSides?(): ScenarioFailure[];
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
  finish(turn: { user: string | undefined }): { received: RecordedRequest[]; failures: ScenarioFailure[] };
}

/** The routes on the fake LLM of the models beside the agent's that it answers, by role. */
export type SideRoutes = Partial<Record<SideRole, FakeLlmScriptHandle>>;
