import type { LlmProviderType } from '@toolloop/core/session';
import type { ScenarioProvider } from '../scenario/wires.js';

/** How the runner reaches one provider: its default model, its fake LLM route, its host config type, its live API. */
export interface ScenarioProviderSettings {
  /** The model of scenarios that name none. */
  defaultModel: string;
  /**
   * Where the API's paths start below a base URL, as the provider's SDK takes it: `/v1` for OpenAI's SDK, whose
   * base URL ends there, nothing for SDKs that add the version themselves (Anthropic, Gemini, Bedrock, Ollama).
   */
  apiPath: '' | '/v1';
  /** The host config type a session scenario names; none for `xml`, which no host config names. */
  sessionType: LlmProviderType | undefined;
  /** The fake LLM route's own options: Ollama's chat completions quirks, or tool calls written as XML blocks. */
  route: { dialect?: 'ollama'; toolFormat?: 'xml' };
  /** Where live requests go and how they carry the key. */
  live: {
    /** The variable the key is read from; none when the API takes no key. */
    keyVariable: string | undefined;
    urlVariable: string;
    defaultURL: string;
    authHeaders: (key: string) => Record<string, string>;
  };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const openAiLive = {
  keyVariable: 'OPENAI_API_KEY',
  urlVariable: 'OPENAI_BASE_URL',
  defaultURL: 'https://api.openai.com/v1',
  authHeaders: bearer,
};

/** Every provider a scenario can run on, by name. */
export const scenarioProviders: Record<ScenarioProvider, ScenarioProviderSettings> = {
  anthropic: {
    defaultModel: 'claude-sonnet-4-6',
    apiPath: '',
    sessionType: 'anthropic',
    route: {},
    live: {
      keyVariable: 'ANTHROPIC_API_KEY',
      urlVariable: 'ANTHROPIC_BASE_URL',
      defaultURL: 'https://api.anthropic.com',
      authHeaders: (key) => ({ 'x-api-key': key }),
    },
  },
  'openai-chat': {
    defaultModel: 'gpt-5.1',
    apiPath: '/v1',
    sessionType: 'openai',
    route: {},
    live: openAiLive,
  },
  'openai-responses': {
    defaultModel: 'gpt-5.1',
    apiPath: '/v1',
    sessionType: 'openai-responses',
    route: {},
    live: openAiLive,
  },
  gemini: {
    defaultModel: 'gemini-3-pro-preview',
    apiPath: '',
    sessionType: 'gemini',
    route: {},
    live: {
      keyVariable: 'GEMINI_API_KEY',
      urlVariable: 'GEMINI_BASE_URL',
      defaultURL: 'https://generativelanguage.googleapis.com',
      authHeaders: (key) => ({ 'x-goog-api-key': key }),
    },
  },
  bedrock: {
    defaultModel: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    apiPath: '',
    sessionType: 'bedrock',
    route: {},
    // Bedrock's requests are signed, not keyed: the live proxy signs each again for the API with the AWS
    // credential chain (`resolveBedrockUpstream`); the default URL is that of the region AWS_REGION names.
    live: {
      keyVariable: undefined,
      urlVariable: 'BEDROCK_BASE_URL',
      defaultURL: 'https://bedrock-runtime.us-east-1.amazonaws.com',
      authHeaders: () => ({}),
    },
  },
  ollama: {
    defaultModel: 'qwen3:8b',
    apiPath: '',
    sessionType: 'ollama',
    route: {},
    live: {
      keyVariable: undefined,
      urlVariable: 'OLLAMA_HOST',
      defaultURL: 'http://127.0.0.1:11434',
      authHeaders: () => ({}),
    },
  },
  'ollama-openai': {
    defaultModel: 'qwen3:8b',
    apiPath: '/v1',
    sessionType: 'ollama-openai',
    route: { dialect: 'ollama' },
    live: {
      keyVariable: undefined,
      urlVariable: 'OLLAMA_BASE_URL',
      defaultURL: 'http://localhost:11434/v1',
      authHeaders: () => ({}),
    },
  },
  xml: {
    defaultModel: 'text-only-model',
    apiPath: '/v1',
    sessionType: undefined,
    route: { toolFormat: 'xml' },
    live: openAiLive,
  },
};

/** The model a scenario's requests name: its own, else its provider's default. */
export function scenarioModelOf(scenario: {
  provider: ScenarioProvider;
  model?: string | undefined;
}): string {
  return scenario.model ?? scenarioProviders[scenario.provider].defaultModel;
}
