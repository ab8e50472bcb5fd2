import type { FakeLlmModel } from '@toolloop/fake-llm';
import type { Scenario } from '../scenario/scenario-schema.js';

/** The models the fake LLM serves to a scenario besides those the API serves: the scenario's own `models`. */
export function listScenarioModels(scenario: Scenario): { models?: FakeLlmModel[] } {
  return scenario.models === undefined ? {} : { models: scenario.models };
}
