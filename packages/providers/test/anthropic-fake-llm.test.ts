import { ModelError, type AssistantContentPart, type ModelStreamPart } from '@toolloop/core';
import { createFakeLlm, type FakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectStream, createModelRequest } from './support/collect-stream.js';

const baseURL = 'https://fake-llm.test';
let fake: FakeLlm | undefined;

function startFake(steps: LlmStep[]): FakeLlm {
  fake = createFakeLlm({ name: 'provider round trip', steps });
  fake.listen();
  return fake;
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const getWeather = {
  name: 'get_weather',
  description: 'The weather of a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

function contentOf(parts: ModelStreamPart[]): AssistantContentPart[] {
  return parts.filter(
    (part): part is AssistantContentPart =>
      part.type === 'text' ||
      part.type === 'thinking' ||
      part.type === 'redacted-thinking' ||
      part.type === 'tool-call',
  );
}

describe('the Anthropic provider against the fake LLM', () => {
  it('sends thinking and redacted thinking back byte for byte in a two-round tool loop', async () => {
    const llm = startFake([
      {
        thinking: 'The user wants Paris. I will call get_weather.',
        redactedThinking: 'EqkECkYIBxgCKkA8AZ4noDfV5VcOJe/p3JTRB6Xz5297',
        text: 'Let me check.',
        toolCalls: [{ id: 'toolu_paris', name: 'get_weather', input: { city: 'Paris' } }],
      },
      { thinking: 'It is sunny.', text: 'Sunny in Paris.' },
    ]);
    const model = anthropic({ model: 'claude-haiku-4-5', apiKey: 'test-key', baseURL });
    const thinking = { enabled: true, budgetTokens: 2048 };

    const first = await collectStream({
      model,
      request: createModelRequest({
        messages: [{ role: 'user', content: 'Weather in Paris?' }],
        tools: [getWeather],
        thinking,
      }),
    });
    expect(first.error).toBeUndefined();
    const firstContent = contentOf(first.parts);
    expect(firstContent.map((part) => part.type)).toEqual([
      'thinking',
      'redacted-thinking',
      'text',
      'tool-call',
    ]);
    expect(first.parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });

    const second = await collectStream({
      model,
      request: createModelRequest({
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', content: firstContent },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'toolu_paris',
                toolName: 'get_weather',
                output: { content: [{ type: 'text', text: 'Sunny, 21°C' }] },
                isError: false,
              },
            ],
          },
        ],
        tools: [getWeather],
        thinking,
      }),
    });
    expect(second.error).toBeUndefined();
    expect(contentOf(second.parts).map((part) => part.type)).toEqual(['thinking', 'text']);

    expect(llm.violations).toEqual([]);
    const firstThinking = firstContent[0];
    const signature =
      firstThinking?.type === 'thinking' ? firstThinking.providerData?.['signature'] : undefined;
    expect(signature).toMatch(/^[A-Za-z0-9+/=]+$/);
    const sentBack = (llm.requests[1]?.body as { messages: Array<{ role: string; content: unknown[] }> })
      .messages[1];
    expect(sentBack?.content.slice(0, 2)).toEqual([
      {
        type: 'thinking',
        thinking: 'The user wants Paris. I will call get_weather.',
        signature,
      },
      { type: 'redacted_thinking', data: 'EqkECkYIBxgCKkA8AZ4noDfV5VcOJe/p3JTRB6Xz5297' },
    ]);
  });

  it('retries a 529 after its retry-after and succeeds', async () => {
    const llm = startFake([
      { error: { status: 529, type: 'overloaded_error', retryAfter: 0.05 } },
      { text: 'Back again.' },
    ]);
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const model = anthropic({ model: 'claude-haiku-4-5', apiKey: 'test-key', baseURL });
    const { parts, error } = await collectStream({ model, request: createModelRequest() });
    expect(error).toBeUndefined();
    expect(contentOf(parts)).toEqual([{ type: 'text', text: 'Back again.' }]);
    expect(llm.requests).toHaveLength(2);
    // The SDK waited what retry-after asked (50 ms), not its own backoff (at least 375 ms).
    expect(setTimeoutSpy.mock.calls.some(([, delay]) => delay === 50)).toBe(true);
  });

  it('reports a 529 that outlasts the retries as a retryable ModelError', async () => {
    const overloaded: LlmStep = { error: { status: 529, type: 'overloaded_error', retryAfter: 0.001 } };
    const llm = startFake([overloaded, overloaded]);
    const model = anthropic({ model: 'claude-haiku-4-5', apiKey: 'test-key', baseURL, maxRetries: 1 });
    const { error } = await collectStream({ model, request: createModelRequest() });
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 529,
      errorType: 'overloaded_error',
      retryable: true,
      provider: 'anthropic',
    });
    expect(llm.requests).toHaveLength(2);
  });

  it('stops mid-stream when the signal aborts, with its reason, and closes the HTTP request', async () => {
    const llm = startFake([
      { text: 'A long answer that never ends', truncate: { afterEvents: 4 }, hang: true },
    ]);
    const model = anthropic({ model: 'claude-haiku-4-5', apiKey: 'test-key', baseURL });
    const controller = new AbortController();
    const reason = new Error('The user pressed stop.');
    const parts: ModelStreamPart[] = [];
    let caught: unknown;
    try {
      for await (const part of model.stream(createModelRequest({ signal: controller.signal }))) {
        parts.push(part);
        if (part.type === 'text-delta') controller.abort(reason);
      }
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(reason);
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    await llm.waitForIdle();
    expect(llm.streams[0]).toMatchObject({ status: 'aborted', clientAborted: true });
  });

  it('reports a stream cut off before its end as a retryable ModelError, not a hang', async () => {
    startFake([{ text: 'Cut short', truncate: { afterEvents: 3 } }]);
    const model = anthropic({ model: 'claude-haiku-4-5', apiKey: 'test-key', baseURL });
    const { parts, error } = await collectStream({ model, request: createModelRequest() });
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ retryable: true, errorType: 'incomplete_stream', provider: 'anthropic' });
  });
});
