import { describe, expect, it } from 'vitest';
import type { LoopEvent } from '../loop/loop-event.js';
import { toMessageStreamChunk } from './to-message-stream-chunk.js';

describe('toMessageStreamChunk', () => {
  it('gives status, warning and error events their message as content, their fields unchanged', () => {
    const status = { type: 'status', message: 'Analyzing request...' } as const;
    const warning = { type: 'warning', code: 'thinking_unsupported', message: 'off' } as const;
    const error = {
      type: 'error',
      code: 'tool_limit',
      message: 'Limit reached.',
      toolName: 'search',
    } as const;

    expect(toMessageStreamChunk(status)).toEqual({ ...status, content: 'Analyzing request...' });
    expect(toMessageStreamChunk(warning)).toEqual({ ...warning, content: 'off' });
    expect(toMessageStreamChunk(error)).toEqual({ ...error, content: 'Limit reached.' });
  });

  it('keeps an approval-required event as it is', () => {
    const event: LoopEvent = {
      type: 'approval-required',
      calls: [{ toolCallId: 'call_1', name: 'delete_note', input: { id: 1 } }],
    };

    expect(toMessageStreamChunk(event)).toEqual(event);
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
      name: 'fetch',
      content: 'Page text\n[image image/png]\n[resource link file:///a.txt]\nB',
    });
  });
});
