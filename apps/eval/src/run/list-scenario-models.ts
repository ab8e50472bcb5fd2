import type { FakeLlmModel } from '@toolloop/fake-llm';
import type { Scenario } from '../scenario/scenario-schema.js';
import { defaultModels } from './create-scenario-model.js';

/**
 * The models the fake LLM serves to a scenario besides those the API serves: the scenario's own `models`, and
 * for `provider: xml` its text-only model, which stands for a model of an OpenAI-compatible server (llama.cpp,
 * vLLM) that OpenAI's list never names.
 */
export function listScenarioModels(scenario: Scenario): { models?: FakeLlmModel[] } {
  const models: FakeLlmModel[] = [...(scenario.models ?? [])];
  if (scenario.provider === 'xml') {
    const id = scenario.model ?? defaultModels.xml;
    if (!models.some((model) => model.id === id)) models.push({ id, thinking: 'none' });
  }
  return models.length === 0 ? {} : { models };
}
