import { defineTool, runToolLoop } from '@toolloop/core';
import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { gemini } from '@toolloop/providers/gemini';
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

describe('the Gemini provider against the fake LLM', () => {
  it.each(['gemini-3-pro-preview', 'gemini-2.5-flash'])(
    'runs a two-round tool loop with thinking on %s, the thought signatures sent back, with no violation',
    async (model) => {
      fake = createFakeLlm({
        name: 'gemini round trip',
        steps: [
          {
            thinking: 'Paris first.',
            text: 'Looking it up.',
            toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }],
          },
          { thinking: 'It is sunny.', text: 'Sunny in Paris.' },
        ],
      });
      const { url } = await fake.serve();
      const run = runToolLoop({
        model: gemini({
          baseURL: url,
          apiKey: 'test-key',
          model,
          maxRetries: 0,
          thinking: { enabled: true },
        }),
        prompt: 'Weather in Paris?',
        tools: [weather],
        statusMessages: 'off',
      });
      const result = await run.result;

      expect(fake.violations).toEqual([]);
      expect(result).toMatchObject({ stopReason: 'completed', rounds: 1 });
      expect(result.text).toContain('Sunny in Paris.');
      const second = fake.requests[1]?.body as { contents: Array<{ role: string; parts: unknown[] }> };
      expect(second.contents[1]).toMatchObject({
        role: 'model',
        parts: [
          { text: 'Paris first.', thought: true },
          { text: 'Looking it up.' },
          {
            functionCall: { name: 'get_weather', args: { city: 'Paris' } },
            thoughtSignature: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/u) as unknown,
          },
        ],
      });
      expect(second.contents[2]).toEqual({
        role: 'user',
        parts: [{ functionResponse: { name: 'get_weather', response: { output: 'Sunny in Paris.' } } }],
      });
    },
  );

  it('is refused as Google refuses it when a Gemini 3 function call goes back without its signature', async () => {
    fake = createFakeLlm({
      steps: [{ toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] }, { text: 'Sunny.' }],
    });
    const { url } = await fake.serve();
    const model = gemini({
      baseURL: url,
      apiKey: 'test-key',
      model: 'gemini-3-flash-preview',
      maxRetries: 0,
    });
    const drop = async function* (request: Parameters<typeof model.stream>[0]) {
      // The transcript loses the call's provider data (its signature), as a client that keeps only ids would.
      const messages = request.messages.map((message) =>
        message.role === 'assistant'
          ? {
              ...message,
              content: message.content.map((part) =>
                part.type === 'tool-call' ? { ...part, providerData: {} } : part,
              ),
            }
          : message,
      );
      yield* model.stream({ ...request, messages });
    };
    const result = await runToolLoop({
      model: { ...model, stream: drop },
      prompt: 'Weather in Paris?',
      tools: [weather],
      statusMessages: 'off',
    }).result;

    expect(result.stopReason).toBe('model_error');
    expect(result.error).toMatchObject({ status: 400, errorType: 'INVALID_ARGUMENT', retryable: false });
    expect(result.error?.message).toContain(
      'Function call is missing a thought_signature in functionCall parts.',
    );
    expect(fake.violations.map((violation) => violation.message)).toEqual([
      expect.stringContaining('fake LLM rule gemini/thought-signature'),
    ]);
  });

  it('stops when the caller aborts mid-stream, with the abort reason, leaving no stream open', async () => {
    fake = createFakeLlm({
      steps: [{ text: 'One two three four five six.', truncate: { afterEvents: 1 }, hang: true }],
    });
    const { url } = await fake.serve();
    const model = gemini({ baseURL: url, apiKey: 'test-key', model: 'gemini-2.5-flash', maxRetries: 0 });
    const controller = new AbortController();
    const reason = new Error('The caller stopped.');
    const parts: string[] = [];
    const consume = async () => {
      for await (const part of model.stream({
        messages: [{ role: 'user', content: 'Count.' }],
        tools: [],
        signal: controller.signal,
      })) {
        parts.push(part.type);
        if (part.type === 'text-delta') controller.abort(reason);
      }
    };
    await expect(consume()).rejects.toBe(reason);
    expect(parts).toEqual(['text-delta']);
    await fake.waitForIdle();
    expect(fake.streams[0]).toMatchObject({ status: 'aborted', clientAborted: true });
  });

  it('asks for a structured answer with a response schema the fake takes, and parses it', async () => {
    fake = createFakeLlm({ steps: [{ text: '{"customer":"ACME","total":120}' }] });
    const { url } = await fake.serve();
    const result = await runToolLoop({
      model: gemini({ baseURL: url, apiKey: 'test-key', model: 'gemini-2.5-flash', maxRetries: 0 }),
      prompt: 'Invoice?',
      output: z.object({ customer: z.string(), total: z.number() }),
    }).result;

    expect(result).toMatchObject({ stopReason: 'completed', output: { customer: 'ACME', total: 120 } });
    expect(fake.violations).toEqual([]);
    expect((fake.requests[0]?.body as { generationConfig: unknown }).generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object', required: ['customer', 'total'] },
    });
  });
});
