import type { Model } from '@toolloop/core';
import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { bedrock } from '@toolloop/providers/bedrock';
import { gemini } from '@toolloop/providers/gemini';
import { ollama } from '@toolloop/providers/ollama';
import { openai, openaiResponses } from '@toolloop/providers/openai';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Each wire's provider pointed at the fake LLM, with no retries. */
const providers: Record<string, (url: string) => Model> = {
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

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('a stream its consumer stops reading', () => {
  it.each(Object.keys(providers))(
    '%s: ends the request, so the server sees its client go away and nothing stays open',
    async (wire) => {
      fake = createFakeLlm({
        steps: [
          {
            text: 'One two three four five six seven eight nine ten.',
            truncate: { afterEvents: 8 },
            hang: true,
          },
        ],
      });
      const { url } = await fake.serve();
      const model = providers[wire]?.(url);
      if (model === undefined) throw new Error(`No provider for ${wire}.`);

      for await (const part of model.stream({
        messages: [{ role: 'user', content: 'Count.' }],
        tools: [],
        signal: new AbortController().signal,
      })) {
        if (part.type === 'text-delta') break;
      }

      await vi.waitFor(() => {
        expect(fake?.streams[0]).toMatchObject({ status: 'aborted', clientAborted: true });
      });
    },
  );
});
