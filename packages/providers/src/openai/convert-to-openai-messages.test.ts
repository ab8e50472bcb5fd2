import { describe, expect, it } from 'vitest';
import { createWideRound } from '../../test/support/wide-round.js';
import { convertToOpenAIMessages } from './convert-to-openai-messages.js';

describe('convertToOpenAIMessages', () => {
  it('puts the system prompt first, then the transcript in order', () => {
    expect(
      convertToOpenAIMessages({
        system: 'Be brief.',
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          {
            role: 'assistant',
            content: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call_1',
                toolName: 'get_weather',
                output: { content: [{ type: 'text', text: 'Sunny' }] },
                isError: false,
              },
            ],
          },
          { role: 'assistant', content: [{ type: 'text', text: 'Sunny.' }] },
        ],
      }),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
      { role: 'assistant', content: 'Sunny.' },
    ]);
  });

  it('sends no system message for an empty system prompt', () => {
    expect(convertToOpenAIMessages({ system: '', messages: [{ role: 'user', content: 'Hi' }] })).toEqual([
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('joins user text parts with blank lines', () => {
    expect(
      convertToOpenAIMessages({
        system: undefined,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'First.' },
              { type: 'text', text: 'Second.' },
            ],
          },
        ],
      }),
    ).toEqual([{ role: 'user', content: 'First.\n\nSecond.' }]);
  });

  it('sends the round’s line of the system prompt last, as a system message of its own', () => {
    expect(
      convertToOpenAIMessages({
        system: 'Be brief.\n\n[Round 1] Call a tool if one helps.',
        volatileSystemSuffix: '[Round 1] Call a tool if one helps.',
        messages: [{ role: 'user', content: 'Weather in Paris?' }],
      }),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'system', content: '[Round 1] Call a tool if one helps.' },
    ]);
  });

  it('keeps the system prompt whole when it does not end with the round’s line', () => {
    expect(
      convertToOpenAIMessages({
        system: '[Round 1] Call a tool.\n\nTools: search.',
        volatileSystemSuffix: '[Round 1] Call a tool.',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    ).toEqual([
      { role: 'system', content: '[Round 1] Call a tool.\n\nTools: search.' },
      { role: 'user', content: 'Hi' },
    ]);
  });
});

describe('convertToOpenAIMessages of a round of 200,000 tool calls', () => {
  it('gives each result a tool message of its own', () => {
    const { calls, results } = createWideRound(200_000);
    const converted = convertToOpenAIMessages({
      system: undefined,
      messages: [{ role: 'user', content: 'Echo them all.' }, calls, results],
    });
    expect(converted).toHaveLength(2 + 200_000);
    expect(converted.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_199999', content: 'ok' });
  });
});
