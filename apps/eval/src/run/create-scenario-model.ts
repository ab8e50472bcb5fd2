import type { Model } from '@toolloop/core';
import { withXmlTools } from '@toolloop/core/xml';
import type { Scenario } from '../scenario/scenario-schema.js';
import { scenarioModelOf, scenarioProviders } from './scenario-providers.js';

/** The key every fake request carries: the fake LLM needs none, and a real key must never be read here. */
export const fakeApiKey = 'toolloop-eval-fake-key';

/** AWS credentials for the fake LLM, which checks that Bedrock requests are signed but not with what. */
export const fakeAwsCredentials = {
  accessKeyId: 'AKIATOOLLOOPEVALFAKE',
  secretAccessKey: 'toolloop-eval-fake-secret',
};

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
 * The real provider a scenario names, pointed at `endpoint`: each wire's own provider (the Messages API, chat
 * completions, the Responses API, Gemini, Bedrock's Converse API, Ollama's `/api/chat`), chat completions with
 * Ollama's quirks for `ollama-openai`, and for `xml` a text-only chat-completions model given tools through the
 * XML protocol.
 */
export async function createScenarioModel({
  scenario,
  endpoint,
}: {
  scenario: Scenario;
  endpoint: ModelEndpoint;
}): Promise<Model> {
  const model = scenarioModelOf(scenario);
  const settings = scenarioProviders[scenario.provider];
  const baseURL = `${endpoint.baseURL}${settings.apiPath}`;
  const fetch = endpoint.fetch === undefined ? {} : { fetch: endpoint.fetch };
  switch (scenario.provider) {
    case 'anthropic': {
      const { anthropic } = await import('@toolloop/providers/anthropic');
      return anthropic({ model, apiKey: fakeApiKey, baseURL, ...fetch });
    }
    case 'openai-chat': {
      const { openai } = await import('@toolloop/providers/openai');
      return openai({ model, apiKey: fakeApiKey, baseURL, ...fetch });
    }
    case 'openai-responses': {
      const { openaiResponses } = await import('@toolloop/providers/openai');
      return openaiResponses({ model, apiKey: fakeApiKey, baseURL, ...fetch });
    }
    case 'gemini': {
      const { gemini } = await import('@toolloop/providers/gemini');
      return gemini({ model, apiKey: fakeApiKey, baseURL, ...fetch });
    }
    case 'bedrock': {
      const { bedrock } = await import('@toolloop/providers/bedrock');
      return bedrock({ model, region: 'us-east-1', credentials: fakeAwsCredentials, endpoint: baseURL });
    }
    case 'ollama': {
      const { ollama } = await import('@toolloop/providers/ollama');
      return ollama({ model, host: baseURL, ...fetch });
    }
    case 'ollama-openai': {
      const { ollamaOpenAI } = await import('@toolloop/providers/openai');
      return ollamaOpenAI({ model, baseURL, ...fetch });
    }
    case 'xml': {
      const { openai } = await import('@toolloop/providers/openai');
      return withXmlTools(openai({ model, apiKey: fakeApiKey, baseURL, ...fetch }));
    }
    default: {
      const unexpected: never = scenario.provider;
      throw new Error(`Unknown provider '${String(unexpected)}'.`);
    }
  }
}
