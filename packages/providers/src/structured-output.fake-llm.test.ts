import { InvalidOutputError, runToolLoop, type Model } from '@toolloop/core';
import { createFakeLlm, type FakeLlmServer } from '@toolloop/fake-llm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropic } from './anthropic/anthropic.js';
import { openai } from './openai/openai.js';
import { openaiCompatible } from './openai/openai-compatible.js';

// A turn's `output` through each provider against the fake LLM, which refuses a format the real API refuses.
const fake = createFakeLlm();
let server: FakeLlmServer;

beforeAll(async () => {
  server = await fake.serve();
});
afterAll(async () => {
  await fake.close();
});

const invoice = z.object({
  customer: z.string(),
  total: z.number(),
  lines: z.array(z.object({ sku: z.string() })),
});
const valid = '{"customer":"ACME","total":120,"lines":[{"sku":"A-1"}]}';
const wrong = '{"customer":"ACME","total":"120 EUR","lines":[]}';

/** The three kinds of provider, each for the script `id`. */
const providers: Array<[string, (id: string) => Model]> = [
  [
    'anthropic (output_config.format)',
    (id) =>
      anthropic({
        model: 'claude-sonnet-4-6',
        apiKey: 'test-key',
        baseURL: `${server.url}/script/${id}`,
        maxRetries: 0,
      }),
  ],
  [
    'openai (response_format json_schema)',
    (id) =>
      openai({
        model: 'gpt-5',
        apiKey: 'test-key',
        baseURL: `${server.url}/script/${id}/v1`,
        maxRetries: 0,
      }),
  ],
];

/** The body of the request `index` the script `id` received. */
function sentBody(id: string, index: number): Record<string, unknown> {
  return fake.getScript(id).requests[index]?.body as Record<string, unknown>;
}

describe.each(providers)('structured output through %s', (name, createModel) => {
  const id = (what: string) => `${name.split(' ')[0] ?? name}-${what}`;

  it('sends the native format the API accepts and parses the answer', async () => {
    fake.script(id('valid'), [{ text: valid }]);

    const result = await runToolLoop({ model: createModel(id('valid')), prompt: 'Invoice?', output: invoice })
      .result;

    expect(result).toMatchObject({
      stopReason: 'completed',
      output: { customer: 'ACME', total: 120, lines: [{ sku: 'A-1' }] },
    });
    expect(fake.getScript(id('valid')).violations).toEqual([]);
    const body = sentBody(id('valid'), 0);
    expect(body.output_config ?? body.response_format).toMatchObject(
      name.startsWith('anthropic')
        ? { format: { type: 'json_schema', schema: { additionalProperties: false } } }
        : { type: 'json_schema', json_schema: { name: 'answer', strict: false } },
    );
  });

  it('repairs an answer that does not match, once, with the validation error', async () => {
    fake.script(id('repaired'), [{ text: wrong }, { text: valid }]);

    const result = await runToolLoop({
      model: createModel(id('repaired')),
      prompt: 'Invoice?',
      output: invoice,
    }).result;

    expect(result).toMatchObject({ stopReason: 'completed', output: { total: 120 }, iterations: 2 });
    expect(JSON.stringify(sentBody(id('repaired'), 1).messages)).toContain(
      'Your answer does not match the required output format: /total: Invalid input: expected number, received string.',
    );
    expect(fake.getScript(id('repaired')).violations).toEqual([]);
  });

  it('ends with invalid_output when the repaired answer does not match either', async () => {
    fake.script(id('invalid'), [{ text: wrong }, { text: 'ACME, 120 EUR' }]);

    const result = await runToolLoop({
      model: createModel(id('invalid')),
      prompt: 'Invoice?',
      output: invoice,
    }).result;

    expect(result.stopReason).toBe('invalid_output');
    expect(InvalidOutputError.isInstance(result.error)).toBe(true);
    expect(result.output).toBeUndefined();
  });
});

describe('structured output through the final-answer tool, for models without native support', () => {
  it.each([
    [
      'claude-sonnet-4-0',
      (id: string) =>
        anthropic({
          model: 'claude-sonnet-4-0',
          apiKey: 'test-key',
          baseURL: `${server.url}/script/${id}`,
          maxRetries: 0,
        }),
    ],
    [
      'an OpenAI-compatible server',
      (id: string) =>
        openaiCompatible({
          name: 'vllm',
          model: 'qwen3',
          apiKey: 'test-key',
          baseURL: `${server.url}/script/${id}/v1`,
        }),
    ],
  ])(
    '%s: the answer comes as the input of final_answer, and no format is sent',
    async (what, createModel) => {
      const id = `final-answer-${what.length}`;
      fake.script(id, {
        steps: [
          { toolCalls: [{ name: 'final_answer', input: { customer: 'ACME', total: 120 } }] },
          { text: '{"customer":"ACME","total":120,"lines":[]}' },
        ],
        // A vLLM server's own model, and a Claude model from before structured outputs (retired since).
        models: [{ id: 'qwen3' }, { id: 'claude-sonnet-4-0', like: 'claude-sonnet-4-5' }],
      });

      const result = await runToolLoop({ model: createModel(id), prompt: 'Invoice?', output: invoice })
        .result;

      // The first answer lacked `lines`: one repair request, in which the model may call no tool, answers in text.
      expect(result).toMatchObject({
        stopReason: 'completed',
        output: { customer: 'ACME', total: 120, lines: [] },
      });
      const body = sentBody(id, 0);
      expect(body.output_config).toBeUndefined();
      expect(body.response_format).toBeUndefined();
      expect(JSON.stringify(body.tools)).toContain('final_answer');
      expect(fake.getScript(id).violations).toEqual([]);
    },
  );
});
