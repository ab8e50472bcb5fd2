import type { Model } from '@toolloop/core';
import { withXmlTools } from '@toolloop/core/xml';
import { anthropic } from '@toolloop/providers/anthropic';
import { ollama, openai } from '@toolloop/providers/openai';
import type { Scenario } from '../scenario/scenario-schema.js';

/** The key every fake request carries: the fake LLM needs none, and a real key must never be read here. */
export const fakeApiKey = 'toolloop-eval-fake-key';

/** The default model of each provider, when a scenario names none. */
export const defaultModels = {
  anthropic: 'claude-sonnet-4-6',
  openai: 'gpt-5.1',
  ollama: 'qwen3:8b',
  xml: 'text-only-model',
} as const;

/**
 * The real provider a scenario names, pointed at the fake LLM (`baseURL` routes to the scenario's script):
 * the Messages API for `anthropic`, chat completions for `openai` and `ollama`, and for `xml` a text-only
 * chat-completions model given tools through the XML protocol.
 */
export function createScenarioModel({ scenario, baseURL }: { scenario: Scenario; baseURL: string }): Model {
  const model = scenario.model ?? defaultModels[scenario.provider];
  switch (scenario.provider) {
    case 'anthropic':
      return anthropic({ model, apiKey: fakeApiKey, baseURL });
    case 'openai':
      return openai({ model, apiKey: fakeApiKey, baseURL: `${baseURL}/v1` });
    case 'ollama':
      return ollama({ model, baseURL: `${baseURL}/v1` });
    case 'xml':
      return withXmlTools(openai({ model, apiKey: fakeApiKey, baseURL: `${baseURL}/v1` }));
    default: {
      const unexpected: never = scenario.provider;
      throw new Error(`Unknown provider '${String(unexpected)}'.`);
    }
  }
}
