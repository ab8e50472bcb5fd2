import { defineTool, runToolLoop, type LoopEvent } from '@toolloop/core';
import { createFakeLlm, type FakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { realWireDirectory } from './support/anthropic-wire.js';

const baseURL = 'https://fake-llm.test';
let fake: FakeLlm | undefined;

function startFake(steps: LlmStep[]): FakeLlm {
  fake = createFakeLlm({
    name: 'loop through the Anthropic provider',
    steps,
    baseDirectory: realWireDirectory,
  });
  fake.listen();
  return fake;
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function createWeatherTool() {
  const execute = vi.fn(({ city }: { city: string }) => `Sunny, 21°C in ${city}`);
  const tool = defineTool({
    name: 'get_weather',
    description: 'The current weather of a city.',
    inputSchema: z.object({ city: z.string() }),
    execute,
  });
  return { tool, execute };
}

const model = () => anthropic({ model: 'claude-haiku-4-5', apiKey: 'test-key', baseURL, maxRetries: 0 });

describe('runToolLoop through the Anthropic provider, the SDK and the fake LLM', () => {
  it('runs a tool round with thinking and answers', async () => {
    const llm = startFake([
      {
        thinking: 'Paris: call get_weather.',
        text: 'Let me look.',
        toolCalls: [{ id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }],
        expectTools: ['get_weather'],
      },
      { thinking: 'Got it.', text: 'It is sunny in Paris (21°C).', expectTools: ['get_weather'] },
    ]);
    const { tool, execute } = createWeatherTool();
    const run = runToolLoop({
      model: model(),
      prompt: 'What is the weather in Paris?',
      tools: [tool],
      thinking: { budgetTokens: 2048 },
      statusMessages: 'off',
    });
    const events: LoopEvent[] = [];
    for await (const event of run) events.push(event);
    const result = await run.result;

    expect(result).toMatchObject({
      stopReason: 'completed',
      text: 'It is sunny in Paris (21°C).',
      rounds: 1,
      iterations: 2,
    });
    expect(execute).toHaveBeenCalledOnce();
    expect(result.toolCalls).toMatchObject([
      {
        toolCallId: 'toolu_1',
        name: 'get_weather',
        input: { city: 'Paris' },
        isError: false,
        executed: true,
      },
    ]);
    expect(
      events
        .filter((event) => event.type === 'thinking')
        .map((event) => event.text)
        .join(''),
    ).toBe('Paris: call get_weather.Got it.');
    expect(llm.violations).toEqual([]);
    expect((llm.requests[0]?.body as { thinking?: unknown }).thinking).toEqual({
      type: 'enabled',
      budget_tokens: 2048,
    });
  });

  it('never runs a tool call cut off by max_tokens (a recorded stream)', async () => {
    startFake([{ replay: 'sdk-incomplete_partial_json_response.sse' }]);
    const makeFile = vi.fn(() => 'written');
    const tool = defineTool({
      name: 'make_file',
      inputSchema: z.object({ filename: z.string() }),
      execute: makeFile,
    });
    const result = await runToolLoop({
      model: model(),
      prompt: 'Write my tax guide.',
      tools: [tool],
      statusMessages: 'off',
    }).result;
    expect(result.stopReason).toBe('max_tokens');
    expect(makeFile).not.toHaveBeenCalled();
    expect(result.toolCalls).toEqual([]);
  });

  it('ends the turn as aborted when the caller aborts mid-stream', async () => {
    const llm = startFake([
      { text: 'Thinking out loud for a long time', truncate: { afterEvents: 4 }, hang: true },
    ]);
    const run = runToolLoop({ model: model(), prompt: 'Talk.', statusMessages: 'off' });
    for await (const event of run) {
      if (event.type === 'content') run.abort('The user pressed stop.');
    }
    const result = await run.result;
    expect(result.stopReason).toBe('aborted');
    await llm.waitForIdle();
    expect(llm.streams[0]?.clientAborted).toBe(true);
  });

  it('ends the turn with model_error when the API refuses the request', async () => {
    startFake([
      { error: { status: 400, type: 'invalid_request_error', message: 'messages: roles must alternate' } },
    ]);
    const result = await runToolLoop({ model: model(), prompt: 'Hi', statusMessages: 'off' }).result;
    expect(result.stopReason).toBe('model_error');
    expect(result.error).toMatchObject({
      name: 'ModelError',
      status: 400,
      errorType: 'invalid_request_error',
      retryable: false,
    });
  });
});
