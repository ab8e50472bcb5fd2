import { defineTool, runToolLoop, type Model } from '@toolloop/core';
import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { bedrock } from '@toolloop/providers/bedrock';
import { gemini } from '@toolloop/providers/gemini';
import { ollama } from '@toolloop/providers/ollama';
import { openai, openaiResponses } from '@toolloop/providers/openai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

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

const echo = defineTool({
  name: 'echo',
  description: 'Says the round back.',
  inputSchema: z.object({ round: z.number() }),
  execute: ({ round }) => `round ${round}`,
});

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('a long turn', () => {
  it.each(Object.keys(providers))(
    '%s: 15 requests on one turn signal leave no listener behind on it (no MaxListenersExceededWarning)',
    async (wire) => {
      const rounds = 14;
      fake = createFakeLlm({
        steps: [
          ...Array.from({ length: rounds }, (_, round) => ({
            toolCalls: [{ name: 'echo', input: { round } }],
          })),
          { text: 'Done.' },
        ],
      });
      const { url } = await fake.serve();
      const model = providers[wire]?.(url);
      if (model === undefined) throw new Error(`No provider for ${wire}.`);
      const warnings: string[] = [];
      // Only leaks: the AWS SDK also warns, once, that its releases from 2027 need Node 22.
      const onWarning = (warning: Error) => {
        if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning.message);
      };
      process.on('warning', onWarning);
      try {
        const result = await runToolLoop({
          model,
          tools: [echo],
          prompt: 'Echo each round.',
          maxIterations: rounds + 1,
          statusMessages: 'off',
        }).result;
        expect(result).toMatchObject({ stopReason: 'completed', rounds });
        // Warnings are emitted on the next tick.
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('warning', onWarning);
      }
      expect(warnings).toEqual([]);
    },
  );
});
