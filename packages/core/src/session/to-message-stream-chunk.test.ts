import { describe, expect, it } from 'vitest';
import { toMessageStreamChunk } from './to-message-stream-chunk.js';

describe('toMessageStreamChunk', () => {
  it('turns loop events into the seed chunk vocabulary', () => {
    expect(toMessageStreamChunk({ type: 'status', message: 'Analyzing request...' })).toEqual({
      type: 'status',
      content: 'Analyzing request...',
    });
    expect(toMessageStreamChunk({ type: 'warning', code: 'thinking_unsupported', message: 'off' })).toEqual({
      type: 'warning',
      content: 'off',
      code: 'thinking_unsupported',
    });
    expect(
      toMessageStreamChunk({
        type: 'error',
        code: 'tool_limit',
        message: 'Limit reached.',
        toolName: 'search',
      }),
    ).toEqual({ type: 'error', error: 'Limit reached.', code: 'tool_limit', toolName: 'search' });
  });

  it('gives a tool result its text content, with other blocks named', () => {
    const chunk = toMessageStreamChunk({
      type: 'tool_result',
      toolCallId: 'call_1',
      name: 'fetch',
      isError: false,
      durationMs: 3,
      round: 0,
      output: {
        content: [
          { type: 'text', text: 'Page text' },
          { type: 'image', data: 'AAAA', mediaType: 'image/png' },
          { type: 'resource-link', uri: 'file:///a.txt' },
          { type: 'resource', uri: 'file:///b.txt', text: 'B' },
        ],
      },
    });

    expect(chunk).toMatchObject({
      type: 'tool_result',
      content: 'Page text\n[image image/png]\n[resource link file:///a.txt]\nB',
    });
  });
});
