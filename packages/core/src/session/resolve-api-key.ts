import type { LlmProviderType } from './llm-config.js';

/** The environment variable each provider type's key is read from when the config has none. */
export const apiKeyEnvironmentVariables: Record<LlmProviderType, string> = {
  claude: 'ANTHROPIC_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  ollama: 'OLLAMA_API_KEY',
};

/**
 * The key a session's model is made with: the one passed explicitly (in the config or to `resumeSession`),
 * else the provider's environment variable, else none (the provider factory decides whether that is an error).
 */
export function resolveApiKey({
  type,
  apiKey,
  environment,
}: {
  type: LlmProviderType;
  apiKey: string | undefined;
  environment: Readonly<Record<string, string | undefined>>;
}): string | undefined {
  if (apiKey !== undefined && apiKey !== '') return apiKey;
  const fromEnvironment = environment[apiKeyEnvironmentVariables[type]];
  return fromEnvironment === '' ? undefined : fromEnvironment;
}
