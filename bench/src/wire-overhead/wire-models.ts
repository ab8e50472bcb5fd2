import type { WireId } from './wire-id.js';

/**
 * The model each wire's contenders ask for: one without thinking (the script has none), so that both contenders
 * send the same kind of request. Each is a model the fake LLM knows on that wire (it refuses one it does not, as
 * the real API does).
 */
export const wireModelIds: Record<WireId, string> = {
  anthropic: 'claude-haiku-4-5',
  'openai-chat': 'gpt-4.1-mini',
  'openai-responses': 'gpt-4.1-mini',
  gemini: 'gemini-2.5-flash',
  bedrock: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  ollama: 'llama3.1:8b',
};

/** The output limit every request carries, on the wires that take one. */
export const wireMaxTokens = 1024;

/** Bedrock's region and static test credentials: the fake checks that a request is signed, not the signature. */
export const bedrockAccess = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'AKIDFAKEEXAMPLE', secretAccessKey: 'fake-secret-access-key' },
} as const;
