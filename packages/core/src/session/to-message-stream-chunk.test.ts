import { describe, expect, it } from 'vitest';
import { toMessageStreamChunk } from './to-message-stream-chunk.js';

describe('toMessageStreamChunk', () => {
  it('turns loop events into message stream chunks', () => {
    const status = { type: 'status', message: 'Analyzing request...' } as const;
    const warning = { type: 'warning', code: 'thinking_unsupported', message: 'off' } as const;
    const error = {
      type: 'error',
      code: 'tool_limit',
      message: 'Limit reached.',
      toolName: 'search',
    } as const;

    expect(toMessageStreamChunk(status)).toEqual({
      type: 'status',
      content: 'Analyzing request...',
      event: status,
    });
    expect(toMessageStreamChunk(warning)).toEqual({
      type: 'warning',
      content: 'off',
      code: 'thinking_unsupported',
      event: warning,
    });
    expect(toMessageStreamChunk(error)).toEqual({
      type: 'error',
      error: 'Limit reached.',
      code: 'tool_limit',
      toolName: 'search',
      event: error,
    });
  });

  it('gives a tool result its text content, with other blocks named', () => {
    const chunk = toMessageStreamChunk({
      type: 'tool-result',
      toolCallId: 'call_1',
      name: 'fetch',
      isError: false,
      executed: true,
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
      type: 'tool-result',
      content: 'Page text\n[image image/png]\n[resource link file:///a.txt]\nB',
    });
  });
});
