import type { Model } from '@toolloop/core';
import { anthropic } from '@toolloop/providers/anthropic';
import { bedrock } from '@toolloop/providers/bedrock';
import { gemini } from '@toolloop/providers/gemini';
import { ollama } from '@toolloop/providers/ollama';
import { openai, openaiResponses } from '@toolloop/providers/openai';

/** Each wire's provider pointed at a served fake LLM, by wire name, with no retries. */
export const wireModels: Readonly<Record<string, (url: string) => Model>> = {
  anthropic: (url) =>
    anthropic({ model: 'claude-sonnet-4-6', apiKey: 'test-key', baseURL: url, maxRetries: 0 }),
  'openai-chat': (url) =>
    openai({ model: 'gpt-5.1', apiKey: 'test-key', baseURL: `${url}/v1`, maxRetries: 0 }),
  'openai-responses': (url) =>
    openaiResponses({ model: 'gpt-5.1', apiKey: 'test-key', baseURL: `${url}/v1`, maxRetries: 0 }),
  gemini: (url) => gemini({ model: 'gemini-2.5-flash', apiKey: 'test-key', baseURL: url, maxRetries: 0 }),
  bedrock: (url) =>
    bedrock({
      model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDFAKEEXAMPLE', secretAccessKey: 'fake-secret-access-key' },
      endpoint: url,
      maxAttempts: 1,
    }),
  ollama: (url) => ollama({ model: 'qwen3:8b', host: url }),
};

/** The wire's provider on the fake at `url`. */
export function wireModel(wire: string, url: string): Model {
  const create = wireModels[wire];
  if (create === undefined) throw new Error(`No provider for the wire ${wire}.`);
  return create(url);
}
