import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { openaiResponses } from '@toolloop/providers/openai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const weather = defineTool({
  name: 'get_weather',
  description: 'The weather in a city.',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `Sunny in ${city}.`,
});

describe('the OpenAI Responses provider against the fake LLM', () => {
  it.each([false, true])(
    'runs a two-round tool loop with reasoning sent back, with no violation (threads: %s)',
    async (threads) => {
      fake = createFakeLlm({
        name: 'responses round trip',
        steps: [
          // Reasoning, then text, then a call: the text's message item goes back between them, with its id.
          {
            thinking: 'Paris first.',
            text: 'Looking it up.',
            toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }],
          },
          { thinking: 'It is sunny.', text: 'Sunny in Paris.' },
        ],
      });
      const { url } = await fake.serve();
      const result = await runToolLoop({
        model: openaiResponses({
          baseURL: `${url}/v1`,
          apiKey: 'sk-test',
          model: 'gpt-5',
          maxRetries: 0,
          threads,
        }),
        prompt: 'Weather in Paris?',
        tools: [weather],
        statusMessages: 'off',
      }).result;

      expect(result).toMatchObject({ stopReason: 'completed', rounds: 1 });
      expect(result.text).toContain('Sunny in Paris.');
      expect(fake.violations).toEqual([]);
      expect(fake.requests).toHaveLength(2);
    },
  );
});
