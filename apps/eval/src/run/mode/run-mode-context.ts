import type { Scenario } from '../../scenario/scenario-schema.js';

/** What every mode of a scenario run is built from: the scenario, its route on the fake LLM, and the run's directory. */
export interface RunModeContext {
  scenario: Scenario;
  /** The scenario's route on the fake LLM, and on the live proxy. */
  routeId: string;
  fakeUrl: string;
  /** Carries requests to the fake LLM in this process, without a socket. */
  fakeFetch?: typeof globalThis.fetch | undefined;
  /** The run's directory: a recording's outcome names its directory relative to it. */
  cwd: string;
}
