import { defineTool, runToolLoop, type ModelStreamPart } from '@toolloop/core';
import { createFakeLlm, type FakeLlm } from '@toolloop/fake-llm';
import { bedrock } from '@toolloop/providers/bedrock';
import { createLeftoverTracker } from '@toolloop/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const credentials = { accessKeyId: 'AKIDFAKEEXAMPLE', secretAccessKey: 'fake-secret-access-key' };
const sonnet = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';

/** A Bedrock model on `endpoint` with the test's credentials; one attempt unless `options` say otherwise. */
function bedrockOn(endpoint: string, model = sonnet, options: { maxAttempts?: number } = { maxAttempts: 1 }) {
  return bedrock({ model, region: 'us-east-1', credentials, endpoint, ...options });
}
const weather = defineTool({
  name: 'get_weather',
  description: 'The weather in a city.',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `Sunny in ${city}.`,
});

describe('the Bedrock provider against the fake LLM', () => {
  it.each([
    ['a manual budget', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0'],
    ['adaptive thinking', 'global.anthropic.claude-opus-4-7'],
  ])(
    'runs a two-round tool loop with %s, the reasoning sent back with its signature, with no violation',
    async (_thinking, model) => {
      fake = createFakeLlm({
        name: 'bedrock round trip',
        steps: [
          {
            thinking: 'Paris first.',
            text: 'Looking it up.',
            toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }],
          },
          { thinking: 'It is sunny.', text: 'Sunny in Paris.', expectTools: ['get_weather'] },
        ],
      });
      const { url } = await fake.serve();
      const result = await runToolLoop({
        model: bedrockOn(url, model),
        prompt: 'Weather in Paris?',
        tools: [weather],
        thinking: { budgetTokens: 2048 },
        statusMessages: 'off',
      }).result;

      expect(result).toMatchObject({ stopReason: 'completed', rounds: 1 });
      expect(result.text).toContain('Sunny in Paris.');
      expect(fake.violations).toEqual([]);
      const second = fake.requests[1]?.body as { messages: Array<{ role: string; content: unknown[] }> };
      expect(second.messages[1]?.content[0]).toEqual({
        reasoningContent: {
          reasoningText: { text: 'Paris first.', signature: expect.any(String) as unknown },
        },
      });
    },
  );

  it('ends the turn with a ModelError naming the exception, not retryable, with no credential in it', async () => {
    fake = createFakeLlm({ steps: [{ text: 'never sent' }] });
    const { url } = await fake.serve();
    const model = bedrockOn(url, 'anthropic.claude-made-up-v1:0', {});
    const result = await runToolLoop({ model, prompt: 'Hi', statusMessages: 'off' }).result;
    expect(result.stopReason).toBe('model_error');
    expect(result.error?.toJSON()).toEqual({
      name: 'ModelError',
      message:
        'Bedrock answered 400 (ValidationException) for anthropic.claude-made-up-v1:0: The provided model identifier is invalid.',
      status: 400,
      retryable: false,
      errorType: 'ValidationException',
      provider: 'bedrock',
    });
    expect(JSON.stringify(result)).not.toMatch(/fake-secret-access-key|AKIDFAKEEXAMPLE/u);
  });

  it('asks for an answer schema through outputConfig.textFormat, which the fake takes as Converse defines it', async () => {
    fake = createFakeLlm({ steps: [{ text: '{"city":"Paris"}' }] });
    const { url } = await fake.serve();
    const model = bedrockOn(url, sonnet, {});
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const parts: ModelStreamPart[] = [];
    for await (const part of model.stream({
      messages: [{ role: 'user', content: 'Which city?' }],
      tools: [],
      responseFormat: { type: 'json', name: 'city', schema },
      signal: new AbortController().signal,
    })) {
      parts.push(part);
    }
    expect(parts.filter((part) => part.type === 'text')).toEqual([
      { type: 'text', text: '{"city":"Paris"}' },
    ]);
    expect(fake.violations).toEqual([]);
    expect((fake.requests[0]?.body as { outputConfig: unknown }).outputConfig).toEqual({
      textFormat: {
        type: 'json_schema',
        structure: { jsonSchema: { schema: JSON.stringify(schema), name: 'city' } },
      },
    });
  });

  it('ends with a retryable ModelError when Bedrock throttles past the SDK attempts', async () => {
    fake = createFakeLlm({
      steps: [{ error: { status: 429, message: 'Too many requests, please wait before trying again.' } }],
    });
    const { url } = await fake.serve();
    const model = bedrockOn(url);
    const result = await runToolLoop({ model, prompt: 'Hi', statusMessages: 'off' }).result;
    expect(result.error).toMatchObject({ status: 429, retryable: true, errorType: 'ThrottlingException' });
  });

  it('sends redacted reasoning back as the bytes it came as', async () => {
    fake = createFakeLlm({
      steps: [
        {
          thinking: 'Paris first.',
          redactedThinking: 'opaque reasoning',
          toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }],
        },
        { text: 'Sunny in Paris.' },
      ],
    });
    const { url } = await fake.serve();
    const result = await runToolLoop({
      model: bedrockOn(url, sonnet, {}),
      prompt: 'Weather in Paris?',
      tools: [weather],
      thinking: true,
      statusMessages: 'off',
    }).result;
    expect([result.stopReason, fake.violations]).toEqual(['completed', []]);
    const second = fake.requests[1]?.body as { messages: Array<{ content: unknown[] }> };
    expect(second.messages[1]?.content[1]).toEqual({
      reasoningContent: { redactedContent: Buffer.from('opaque reasoning').toString('base64') },
    });
  });
});

describe('the Bedrock provider, stopped by its caller', () => {
  it.each([
    ['before the first event', { hang: true }],
    ['mid-stream', { text: 'One two three four five six.', truncate: { afterEvents: 3 }, hang: true }],
  ])(
    'ends a stream that hangs %s at the abort, with its reason, leaving nothing running',
    async (_when, step) => {
      fake = createFakeLlm({ steps: [step] });
      const { url } = await fake.serve();
      const tracker = createLeftoverTracker();
      try {
        const controller = new AbortController();
        const reason = new Error('The turn took too long.');
        const model = bedrockOn(url);
        const consume = tracker.run('turn', async () => {
          const parts: string[] = [];
          for await (const part of model.stream({
            messages: [{ role: 'user', content: 'Count.' }],
            tools: [],
            signal: controller.signal,
          })) {
            parts.push(part.type);
          }
          return parts;
        });
        await vi.waitFor(() => {
          expect(fake?.requests).toHaveLength(1);
        });
        controller.abort(reason);

        await expect(consume).rejects.toBe(reason);
        // The server sees the stream ended by its client, as a real one would: nothing left open on either side.
        await vi.waitFor(() => {
          expect(fake?.streams[0]).toMatchObject({ status: 'aborted', clientAborted: true });
        });
        expect(await tracker.leftovers('turn')).toEqual([]);
      } finally {
        tracker.close();
      }
    },
  );
});

describe('the Bedrock provider, turn after turn', () => {
  it.each([
    ['an answer', { text: 'Hello there.' }],
    ['an API error', { error: { status: 400, message: 'Bad request.' } }],
  ])('leaves nothing running once a turn with %s ends', async (_what, step) => {
    fake = createFakeLlm({ steps: [step] });
    const { url } = await fake.serve();
    const tracker = createLeftoverTracker();
    try {
      const model = bedrockOn(url);
      await tracker.run('turn', () => runToolLoop({ model, prompt: 'Hi', statusMessages: 'off' }).result);

      expect(await tracker.leftovers('turn')).toEqual([]);
    } finally {
      tracker.close();
    }
  });
});

describe('the Bedrock provider, with no server to answer', () => {
  it('ends the turn with a retryable connection error naming the failure', async () => {
    const model = bedrockOn('http://127.0.0.1:9');
    const result = await runToolLoop({ model, prompt: 'Hi', statusMessages: 'off' }).result;

    expect(result.stopReason).toBe('model_error');
    expect(result.error).toMatchObject({ retryable: true, errorType: 'connection_error' });
    expect(result.error?.message).toContain('ECONNREFUSED');
  });
});

describe('the Bedrock provider, a turn without tools after one with them', () => {
  it('sends the earlier calls and results as text, which Bedrock takes without a toolConfig', async () => {
    fake = createFakeLlm({
      steps: [
        { toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
        { text: 'Sunny in Paris.' },
        { text: 'You asked about Paris.' },
      ],
    });
    const { url } = await fake.serve();
    const model = bedrockOn(url);
    const first = await runToolLoop({
      model,
      prompt: 'Weather in Paris?',
      tools: [weather],
      statusMessages: 'off',
    }).result;
    const second = await runToolLoop({
      model,
      messages: [...first.messages, { role: 'user', content: 'Which city did I ask about?' }],
      statusMessages: 'off',
    }).result;

    expect(second).toMatchObject({ stopReason: 'completed', text: 'You asked about Paris.' });
    expect(fake.violations).toEqual([]);
    const sent = fake.requests[2]?.body as {
      messages: Array<{ content: Array<{ text?: string }> }>;
      toolConfig?: unknown;
    };
    expect(sent.toolConfig).toBeUndefined();
    expect(JSON.stringify(sent.messages)).toContain(
      '[Called the tool get_weather with {\\"city\\":\\"Paris\\"}]',
    );
  });
});
