import { describe, expect, it } from 'vitest';
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
});
