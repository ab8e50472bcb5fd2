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
 * Where a scenario's model requests go: `baseURL` routes them to the scenario's script (on the fake LLM, or on
 * the live proxy), and `fetch`, when given, carries them there instead of the network (the fake LLM in the same
 * process, answered without a socket).
 */
export interface ModelEndpoint {
  baseURL: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * The real provider a scenario names, pointed at `endpoint`: the Messages API for `anthropic`, chat completions
 * for `openai` and `ollama`, and for `xml` a text-only chat-completions model given tools through the XML
 * protocol.
 */
export function createScenarioModel({
  scenario,
  endpoint,
}: {
  scenario: Scenario;
  endpoint: ModelEndpoint;
}): Model {
  const model = scenario.model ?? defaultModels[scenario.provider];
  const { baseURL } = endpoint;
  const fetch = endpoint.fetch === undefined ? {} : { fetch: endpoint.fetch };
  switch (scenario.provider) {
    case 'anthropic':
      return anthropic({ model, apiKey: fakeApiKey, baseURL, ...fetch });
    case 'openai':
      return openai({ model, apiKey: fakeApiKey, baseURL: `${baseURL}/v1`, ...fetch });
    case 'ollama':
      return ollama({ model, baseURL: `${baseURL}/v1`, ...fetch });
    case 'xml':
      return withXmlTools(openai({ model, apiKey: fakeApiKey, baseURL: `${baseURL}/v1`, ...fetch }));
    default: {
      const unexpected: never = scenario.provider;
      throw new Error(`Unknown provider '${String(unexpected)}'.`);
    }
  }
}
