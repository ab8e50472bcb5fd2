import type { LlmConfig, StoredLlmConfig } from './llm-config.js';

/** The config without its API key: what sessions store and return, so the key never reaches disk or logs. */
export function removeApiKey(config: LlmConfig): StoredLlmConfig {
  const { api_key: _apiKey, ...rest } = config;
  return rest;
}
