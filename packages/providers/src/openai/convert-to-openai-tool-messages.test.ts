import type { ToolOutput, ToolResultPart } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { convertToOpenAIToolMessages } from './convert-to-openai-tool-messages.js';

function result(output: ToolOutput, { isError = false, toolCallId = 'call_1' } = {}): ToolResultPart {
  return { type: 'tool-result', toolCallId, toolName: 'read_file', output, isError };
}

describe('convertToOpenAIToolMessages', () => {
  it('sends one tool message per result, matched by tool_call_id', () => {
    expect(
      convertToOpenAIToolMessages({
        role: 'tool',
        content: [
          result({ content: [{ type: 'text', text: 'Sunny' }] }),
          result({ content: [{ type: 'text', text: 'Rainy' }] }, { toolCallId: 'call_2' }),
        ],
      }),
    ).toEqual([
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
      { role: 'tool', tool_call_id: 'call_2', content: 'Rainy' },
    ]);
  });

  it('joins text and turns images and resources into notes', () => {
    const [message] = convertToOpenAIToolMessages({
      role: 'tool',
      content: [
        result({
          content: [
            { type: 'text', text: 'Two files:' },
            { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
            { type: 'resource-link', uri: 'file:///a.txt', name: 'a.txt', mediaType: 'text/plain' },
            { type: 'resource', uri: 'file:///b.txt', text: 'hello' },
            { type: 'resource', uri: 'file:///c.bin', blob: 'AAEC', mediaType: 'application/octet-stream' },
          ],
        }),
      ],
    });
    expect(message?.content).toBe(
      [
        'Two files:',
        '[image of type image/png, which a chat completions tool result cannot carry]',
        'Resource link: file:///a.txt (a.txt; text/plain)',
        'Resource file:///b.txt:\nhello',
        '[binary resource file:///c.bin of type application/octet-stream]',
      ].join('\n'),
    );
  });

  it('sends structured content as JSON when there is no other content', () => {
    const [message] = convertToOpenAIToolMessages({
      role: 'tool',
      content: [result({ content: [], structuredContent: { temperature: 21 } })],
    });
    expect(message?.content).toBe('{"temperature":21}');
  });

  it('starts an error result with "Error: ", as the wire has no is_error flag', () => {
    const messages = convertToOpenAIToolMessages({
      role: 'tool',
      content: [
        result({ content: [{ type: 'text', text: "Tool 'read_file' failed: ENOENT" }] }, { isError: true }),
        result({ content: [{ type: 'text', text: 'Not found' }], isError: true }, { toolCallId: 'call_2' }),
      ],
    });
    expect(messages.map((message) => message.content)).toEqual([
      "Error: Tool 'read_file' failed: ENOENT",
      'Error: Not found',
    ]);
  });
});
