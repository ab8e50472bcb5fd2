import type { Model } from '@toolloop/core';
import type { LlmConfig } from '@toolloop/core/session';

/**
 * The model a host config names (its `type`, `model`, `api_key`, `base_url` and `max_tokens`): `claude` or
 * `anthropic` → the Anthropic provider, `openai` → OpenAI, `ollama` → Ollama. Each provider's SDK is loaded only
 * when chosen. Hand it to `SessionManager` as `createModel`.
 *
 * @example
 * const manager = new SessionManager({ createModel: createModelFromConfig, connectServers: connectMcpServers });
 */
export async function createModelFromConfig(config: LlmConfig): Promise<Model> {
  const common = {
    model: config.model,
    ...(config.api_key === undefined ? {} : { apiKey: config.api_key }),
    ...(config.base_url === undefined ? {} : { baseURL: config.base_url }),
    ...(config.max_tokens === undefined ? {} : { maxTokens: config.max_tokens }),
  };
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
    case 'ollama': {
      const { ollama } = await import('./openai/index.js');
      return ollama(common);
    }
    default: {
      const unexpected: never = config.type;
      throw new Error(`Unknown provider type '${String(unexpected)}'.`);
    }
  }
}
