import { defineTool, runToolLoop, type LoopEvent } from '@toolloop/core';
import { createFakeLlm, type FakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { openaiCompatible } from '@toolloop/providers/openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const baseURL = 'https://fake-llm.test/v1';
let fake: FakeLlm | undefined;

function startFake(steps: LlmStep[], dialect: 'openai' | 'deepseek' | 'ollama' = 'openai'): FakeLlm {
  // DeepSeek's model, which OpenAI's list does not name, served on each dialect.
  fake = createFakeLlm({
    name: 'loop through the OpenAI-compatible provider',
    steps,
    dialect,
    models: [{ id: 'deepseek-reasoner' }],
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

const model = () =>
  openaiCompatible({ baseURL, model: 'deepseek-reasoner', name: 'deepseek', maxRetries: 0 });

describe('runToolLoop through the OpenAI-compatible provider, the SDK and the fake LLM', () => {
  it('runs a tool round with reasoning, sends the reasoning back, and answers', async () => {
    const llm = startFake(
      [
        {
          thinking: 'Paris: call get_weather.',
          toolCalls: [{ id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }],
          expectTools: ['get_weather'],
        },
        { thinking: 'Got it.', text: 'It is sunny in Paris (21°C).', expectTools: ['get_weather'] },
      ],
      'deepseek',
    );
    const { tool, execute } = createWeatherTool();
    const run = runToolLoop({
      model: model(),
      prompt: 'What is the weather in Paris?',
      tools: [tool],
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
      { toolCallId: 'call_1', name: 'get_weather', input: { city: 'Paris' }, isError: false, executed: true },
    ]);
    expect(
      events
        .filter((event) => event.type === 'thinking')
        .map((event) => event.text)
        .join(''),
    ).toBe('Paris: call get_weather.Got it.');
    expect(llm.violations).toEqual([]);
    const messages = (llm.requests[1]?.body as { messages: Array<Record<string, unknown>> }).messages;
    expect(messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        reasoning_content: 'Paris: call get_weather.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny, 21°C in Paris' },
    ]);
  });

  it('tells the model a tool failed with an Error: prefix, and goes on', async () => {
    const llm = startFake([
      { toolCalls: [{ id: 'call_1', name: 'get_weather', input: { city: 'Atlantis' } }] },
      { text: 'I could not find Atlantis.' },
    ]);
    const tool = defineTool({
      name: 'get_weather',
      inputSchema: z.object({ city: z.string() }),
      execute: () => {
        throw new Error('unknown city');
      },
    });
    const result = await runToolLoop({
      model: model(),
      prompt: 'Atlantis?',
      tools: [tool],
      statusMessages: 'off',
    }).result;
    expect(result).toMatchObject({ stopReason: 'completed', text: 'I could not find Atlantis.' });
    const messages = (llm.requests[1]?.body as { messages: Array<Record<string, unknown>> }).messages;
    expect(messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: "Error: Tool 'get_weather' failed: unknown city",
    });
  });

  it('never runs a tool call when the output hit its limit', async () => {
    startFake([
      {
        toolCalls: [{ id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }],
        stopReason: 'max_tokens',
      },
    ]);
    const { tool, execute } = createWeatherTool();
    const result = await runToolLoop({
      model: model(),
      prompt: 'Paris?',
      tools: [tool],
      statusMessages: 'off',
    }).result;
    expect(result.stopReason).toBe('max_tokens');
    expect(execute).not.toHaveBeenCalled();
  });

  it('ends the turn as aborted when the caller aborts mid-stream', async () => {
    const llm = startFake([
      { text: 'Thinking out loud for a long time', truncate: { afterEvents: 3 }, hang: true },
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

  it('ends the turn with model_error when the server refuses the request', async () => {
    startFake([{ error: { status: 400, message: 'messages: tool_call_id not found' } }]);
    const result = await runToolLoop({ model: model(), prompt: 'Hi', statusMessages: 'off' }).result;
    expect(result.stopReason).toBe('model_error');
    expect(result.error).toMatchObject({
      name: 'ModelError',
      status: 400,
      errorType: 'invalid_request_error',
      retryable: false,
      provider: 'deepseek',
    });
  });
});
