import type { Model } from '@toolloop/core';
import type { LlmConfig } from '@toolloop/core/session';

/**
 * The model a host config names (its `type`, `model`, `api_key`, `base_url`, `region` and `max_tokens`):
 * `claude` or `anthropic` → the Messages API, `openai` → chat completions, `openai-responses` → OpenAI's
 * Responses API, `gemini` → Google's Gemini API, `bedrock` → Bedrock's Converse API (credentials from the AWS
 * chain), `ollama` → Ollama's `/api/chat`, `ollama-openai` → Ollama's OpenAI-compatible `/v1`. Each provider's
 * SDK is loaded only when chosen. Hand it to `SessionManager` as `createModel`.
 *
 * @example
 * const manager = new SessionManager({ createModel: createModelFromConfig, connectServers: connectMcpServers });
 */
export async function createModelFromConfig(config: LlmConfig): Promise<Model> {
  const { model } = config;
  const apiKey = config.api_key === undefined ? {} : { apiKey: config.api_key };
  const baseURL = config.base_url === undefined ? {} : { baseURL: config.base_url };
  const maxTokens = config.max_tokens === undefined ? {} : { maxTokens: config.max_tokens };
  const common = { model, ...apiKey, ...baseURL, ...maxTokens };
  switch (config.type) {
    case 'claude':
    case 'anthropic': {
      const { anthropic } = await import('./anthropic/index.js');
      return anthropic(common);
    }
    case 'openai': {
      const { openai } = await import('./openai/index.js');
      return openai(common);
    }
    case 'openai-responses': {
      const { openaiResponses } = await import('./openai/index.js');
      return openaiResponses(common);
    }
    case 'gemini': {
      const { gemini } = await import('./gemini/index.js');
      return gemini(common);
    }
    case 'bedrock': {
      const { bedrock } = await import('./bedrock/index.js');
      const region = config.region === undefined ? {} : { region: config.region };
      const endpoint = config.base_url === undefined ? {} : { endpoint: config.base_url };
      return bedrock({ model, ...region, ...endpoint, ...maxTokens });
    }
    case 'ollama': {
      const { ollama } = await import('./ollama/index.js');
      return ollama({
        model,
        ...(config.base_url === undefined ? {} : { host: config.base_url }),
        // A hosted Ollama (or a proxy in front of one) takes its key as a bearer token.
        ...(config.api_key === undefined ? {} : { headers: { Authorization: `Bearer ${config.api_key}` } }),
        ...maxTokens,
      });
    }
    case 'ollama-openai': {
      const { ollamaOpenAI } = await import('./openai/index.js');
      return ollamaOpenAI(common);
    }
    default: {
      const unexpected: never = config.type;
      throw new Error(`Unknown provider type '${String(unexpected)}'.`);
    }
  }
}
