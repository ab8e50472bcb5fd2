import { describe, expect, it } from 'vitest';
import { convertSamplingMessages } from './convert-sampling-messages.js';

describe('convertSamplingMessages', () => {
  it('turns tool_use into tool calls and tool_result into a tool message named after its call', () => {
    expect(
      convertSamplingMessages([
        { role: 'user', content: { type: 'text', text: 'Weather in Paris?' } },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'tu_1', name: 'get_weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', toolUseId: 'tu_1', content: [{ type: 'text', text: 'Sunny' }] }],
        },
      ]),
    ).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', id: 'tu_1', name: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'tu_1',
            toolName: 'get_weather',
            output: { content: [{ type: 'text', text: 'Sunny' }] },
            isError: false,
          },
        ],
      },
    ]);
  });

  it('notes media the transcript cannot carry yet', () => {
    expect(
      convertSamplingMessages([
        { role: 'user', content: { type: 'image', data: 'x', mimeType: 'image/png' } },
      ]),
    ).toEqual([
      {
        role: 'user',
        content: [{ type: 'text', text: '[image (image/png) omitted: not supported by this client yet]' }],
      },
    ]);
  });
});
