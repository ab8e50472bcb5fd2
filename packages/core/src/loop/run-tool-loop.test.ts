import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';

const weather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => `Sunny in ${city}`,
});

describe('runToolLoop', () => {
  it('completes without tools when the model answers at once', async () => {
    const model = createScriptedModel({ text: 'Hello!' });
    const { events, result } = await collectRun(runToolLoop({ model, prompt: 'Hi' }));

    expect(result).toMatchObject({
      stopReason: 'completed',
      text: 'Hello!',
      rounds: 0,
      iterations: 1,
      toolCalls: [],
    });
    expect(events.map((event) => event.type)).toEqual(['status', 'status', 'content', 'done']);
    expect(result.messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
    ]);
  });

  it('runs a tool, sends its result back, and answers', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }] },
      { text: 'It is sunny in Paris.' },
    ]);
    const { result } = await collectRun(
      runToolLoop({ model, tools: [weather], prompt: 'Weather in Paris?' }),
    );

    expect(result.stopReason).toBe('completed');
    expect(result.text).toBe('It is sunny in Paris.');
    expect(result.rounds).toBe(1);
    expect(result.iterations).toBe(2);
    expect(result.toolCalls).toEqual([
      {
        toolCallId: 'call_1',
        name: 'get_weather',
        input: { city: 'Paris' },
        output: { content: [{ type: 'text', text: 'Sunny in Paris' }] },
        isError: false,
        executed: true,
        round: 0,
        durationMs: expect.any(Number) as number,
      },
    ]);
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'get_weather',
          output: { content: [{ type: 'text', text: 'Sunny in Paris' }] },
          isError: false,
        },
      ],
    });
  });

  it('streams events in order: status, thinking, tool start and result, content, done', async () => {
    const model = createScriptedModel([
      { thinking: 'I need the weather.', toolCalls: [{ name: 'get_weather', input: { city: 'Oslo' } }] },
      { text: 'Sunny.' },
    ]);
    const { events } = await collectRun(runToolLoop({ model, tools: [weather], prompt: 'Weather?' }));

    expect(events.map((event) => (event.type === 'status' ? `status:${event.message}` : event.type))).toEqual(
      [
        'status:Analyzing request...',
        'thinking',
        'tool-start',
        'status:Using Get Weather...',
        'tool-result',
        'status:Processing tool results...',
        'status:Formulating response...',
        'content',
        'done',
      ],
    );
  });

  it('offers the tools as JSON Schema and sends the system prompt', async () => {
    const model = createScriptedModel({ text: 'ok' });
    await runToolLoop({ model, tools: [weather], system: 'Be brief.', prompt: 'Hi' }).result;

    expect(model.requests[0]).toMatchObject({
      system: 'Be brief.',
      tools: [
        {
          name: 'get_weather',
          description: 'Current weather for a city',
          inputSchema: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
        },
      ],
    });
  });

  it('passes thinking blocks back exactly as received, in order, with their provider data', async () => {
    const model = createScriptedModel([
      {
        thinking: { text: 'First thought.', providerData: { signature: 'sig-A' } },
        redactedThinking: 'opaque-bytes',
        text: 'Let me check.',
        toolCalls: [{ id: 'call_1', name: 'get_weather', input: { city: 'Rome' } }],
      },
      { text: 'Sunny.' },
    ]);
    await runToolLoop({ model, tools: [weather], prompt: 'Weather?' }).result;

    expect(model.requests[1]?.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', text: 'First thought.', providerData: { signature: 'sig-A' } },
        { type: 'redacted-thinking', data: 'opaque-bytes' },
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-call', id: 'call_1', name: 'get_weather', input: { city: 'Rome' } },
      ],
    });
  });

  it('streams thinking and text deltas as they arrive', async () => {
    const model = createScriptedModel({ thinking: 'abcdef', text: 'Hello world', chunkSize: 3 });
    const { events } = await collectRun(runToolLoop({ model, prompt: 'Hi', statusMessages: 'off' }));

    expect(events.filter((event) => event.type === 'thinking').map((event) => event.text)).toEqual([
      'abc',
      'def',
    ]);
    expect(events.filter((event) => event.type === 'content').map((event) => event.text)).toEqual([
      'Hel',
      'lo ',
      'wor',
      'ld',
    ]);
  });

  it('shows whole blocks from providers that send no deltas', async () => {
    const model = createScriptedModel({
      parts: [
        { type: 'thinking', text: 'Quietly.', providerData: { signature: 's' } },
        { type: 'text', text: 'Whole answer.' },
        { type: 'finish', finishReason: 'end', usage: { inputTokens: 1, outputTokens: 1 } },
      ],
    });
    const { events } = await collectRun(runToolLoop({ model, prompt: 'Hi', statusMessages: 'off' }));

    expect(events.slice(0, 2)).toEqual([
      { type: 'thinking', text: 'Quietly.' },
      { type: 'content', text: 'Whole answer.' },
    ]);
  });

  it('continues the transcript it was given and does not change the caller’s array', async () => {
    const history = [
      { role: 'user' as const, content: 'Hi' },
      { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'Hello.' }] },
    ];
    const model = createScriptedModel({ text: 'Fine.' });
    const result = await runToolLoop({ model, messages: history, prompt: 'How are you?' }).result;

    expect(history).toHaveLength(2);
    expect(result.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(model.requests[0]?.messages).toHaveLength(3);
  });

  it('sums usage over every request', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [{ name: 'get_weather', input: { city: 'Oslo' } }],
        usage: { inputTokens: 100, outputTokens: 20 },
      },
      { text: 'Done.', usage: { inputTokens: 150, outputTokens: 30 } },
    ]);
    const result = await runToolLoop({ model, tools: [weather], prompt: 'Weather?' }).result;

    expect(result.usage).toEqual({ inputTokens: 250, outputTokens: 50 });
  });

  it('replays every event to each iterator, even one that starts after the turn ended', async () => {
    const run = runToolLoop({ model: createScriptedModel({ text: 'Hi.' }), prompt: 'Hi' });
    await run.result;
    const first = await collectRun(run);
    const second = await collectRun(run);

    expect(second.events).toEqual(first.events);
    expect(first.events.at(-1)).toEqual({ type: 'done', result: first.result });
  });

  it('resolves the result even when nobody iterates the events', async () => {
    const result = await runToolLoop({ model: createScriptedModel({ text: 'Hi.' }), prompt: 'Hi' }).result;

    expect(result.stopReason).toBe('completed');
  });

  it('produces a JSON-serializable transcript', async () => {
    const model = createScriptedModel([
      { thinking: 'hmm', toolCalls: [{ name: 'get_weather', input: { city: 'Oslo' } }] },
      { text: 'Sunny.' },
    ]);
    const result = await runToolLoop({ model, tools: [weather], prompt: 'Weather?' }).result;

    expect(JSON.parse(JSON.stringify(result.messages))).toEqual(result.messages);
  });
});
