import { describe, expect, it } from 'vitest';
import { toToolOutput } from './to-tool-output.js';

describe('toToolOutput', () => {
  it('turns a string into text', () => {
    expect(toToolOutput('hi')).toEqual({ content: [{ type: 'text', text: 'hi' }] });
  });

  it('keeps a ToolOutput as it is', () => {
    const output = {
      content: [{ type: 'image' as const, data: 'AAAA', mediaType: 'image/png' }],
      isError: true,
    };
    expect(toToolOutput(output)).toBe(output);
  });

  it('sends other values as JSON, objects also as structured content', () => {
    expect(toToolOutput({ temperature: 21 })).toEqual({
      content: [{ type: 'text', text: '{"temperature":21}' }],
      structuredContent: { temperature: 21 },
    });
    expect(toToolOutput([1, 2])).toEqual({ content: [{ type: 'text', text: '[1,2]' }] });
    expect(toToolOutput(undefined)).toEqual({ content: [] });
  });

  it('does not mistake an object with an unrelated `content` field for a ToolOutput', () => {
    expect(toToolOutput({ content: ['a'] })).toEqual({
      content: [{ type: 'text', text: '{"content":["a"]}' }],
      structuredContent: { content: ['a'] },
    });
  });
});
