import type { LlmProviderType } from './llm-config.js';

/**
 * The environment variable each provider type's key is read from when the config has none; Bedrock has none
 * (the AWS SDK reads its credential chain itself).
 */
export const apiKeyEnvironmentVariables: Record<LlmProviderType, string | undefined> = {
  claude: 'ANTHROPIC_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  'openai-responses': 'OPENAI_API_KEY',
  gemini: 'GEMINI_API_KEY',
  bedrock: undefined,
  ollama: 'OLLAMA_API_KEY',
  'ollama-openai': 'OLLAMA_API_KEY',
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
  const variable = apiKeyEnvironmentVariables[type];
  const fromEnvironment = variable === undefined ? undefined : environment[variable];
  return fromEnvironment === '' ? undefined : fromEnvironment;
}
