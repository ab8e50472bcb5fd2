import type { Model } from '@toolloop/core';
import { anthropic } from '@toolloop/providers/anthropic';
import type { Scenario } from '../scenario/scenario-schema.js';

/** The key every fake request carries: the fake LLM needs none, and a real key must never be read here. */
export const fakeApiKey = 'toolloop-eval-fake-key';

/** The default model of each provider, when a scenario names none. */
export const defaultModels = { anthropic: 'claude-sonnet-4-6' } as const;

/**
 * The real provider a scenario names, pointed at the fake LLM (`baseURL` routes to the scenario's script).
 * Providers the project does not ship yet are a clear runner error, not a silent skip.
 */
export function createScenarioModel({ scenario, baseURL }: { scenario: Scenario; baseURL: string }): Model {
  switch (scenario.provider) {
    case 'anthropic':
      return anthropic({ model: scenario.model ?? defaultModels.anthropic, apiKey: fakeApiKey, baseURL });
    case 'openai':
    case 'ollama':
    case 'xml':
      throw new Error(`Provider '${scenario.provider}' is not available in this version of the runner yet.`);
    default: {
      const unexpected: never = scenario.provider;
      throw new Error(`Unknown provider '${String(unexpected)}'.`);
    }
  }
}
