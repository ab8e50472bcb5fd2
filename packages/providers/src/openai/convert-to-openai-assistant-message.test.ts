import { describe, expect, it } from 'vitest';
import { convertToOpenAIAssistantMessage } from './convert-to-openai-assistant-message.js';

describe('convertToOpenAIAssistantMessage', () => {
  it('sends text alone as content, without its reasoning', () => {
    expect(
      convertToOpenAIAssistantMessage({
        role: 'assistant',
        content: [
          { type: 'thinking', text: 'Easy.', providerData: { field: 'reasoning_content' } },
          { type: 'text', text: 'Hello' },
          { type: 'text', text: ' there.' },
        ],
      }),
    ).toEqual({ role: 'assistant', content: 'Hello there.' });
  });

  it('sends tool calls with the reasoning in the field the server used', () => {
    expect(
      convertToOpenAIAssistantMessage({
        role: 'assistant',
        content: [
          { type: 'thinking', text: 'Look it ', providerData: { field: 'reasoning' } },
          { type: 'thinking', text: 'up.', providerData: { field: 'reasoning' } },
          { type: 'tool-call', id: 'call_1', name: 'search', input: { q: 'Paris' } },
        ],
      }),
    ).toEqual({
      role: 'assistant',
      content: null,
      reasoning: 'Look it up.',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'search', arguments: '{"q":"Paris"}' } },
      ],
    });
  });

  it('leaves out thinking from other providers and redacted thinking', () => {
    expect(
      convertToOpenAIAssistantMessage({
        role: 'assistant',
        content: [
          { type: 'thinking', text: 'Signed.', providerData: { signature: 'sig' } },
          { type: 'redacted-thinking', data: 'opaque' },
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', id: 'call_1', name: 'now', input: {} },
        ],
      }),
    ).toEqual({
      role: 'assistant',
      content: 'Checking.',
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'now', arguments: '{}' } }],
    });
  });

  it('sends a call whose arguments did not parse with {}', () => {
    const message = convertToOpenAIAssistantMessage({
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          id: 'call_1',
          name: 'search',
          input: {},
          rawInput: '{"q": nope}',
          inputError: 'the arguments are not valid JSON',
        },
      ],
    });
    expect(message.tool_calls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'search', arguments: '{}' } },
    ]);
  });
});
