import { describe, expect, it } from 'vitest';
import { createToolOutput, toToolOutput } from './to-tool-output.js';

describe('toToolOutput', () => {
  it('turns a string into text', () => {
    expect(toToolOutput('hi')).toEqual({ content: [{ type: 'text', text: 'hi' }] });
  });

  it('passes content made with createToolOutput as it is', () => {
    const output = createToolOutput({
      content: [{ type: 'image', data: 'AAAA', mediaType: 'image/png' }],
      isError: true,
    });
    expect(toToolOutput(output)).toEqual({
      content: [{ type: 'image', data: 'AAAA', mediaType: 'image/png' }],
      isError: true,
    });
  });

  it('takes a value that merely looks like tool output for data', () => {
    const lookalike = { content: [{ type: 'text', text: 'hi' }] };
    expect(toToolOutput(lookalike)).toEqual({
      content: [{ type: 'text', text: '{"content":[{"type":"text","text":"hi"}]}' }],
      structuredContent: lookalike,
    });
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

describe('toToolOutput with values JSON does not keep as objects', () => {
  it('gives structuredContent only when the JSON form is an object', () => {
    expect(toToolOutput(new Date(0))).toEqual({
      content: [{ type: 'text', text: '"1970-01-01T00:00:00.000Z"' }],
    });
    expect(toToolOutput({ toJSON: () => [1, 2] })).toEqual({ content: [{ type: 'text', text: '[1,2]' }] });
    expect(toToolOutput(Object.assign(Object.create(null) as object, { a: 1 }))).toEqual({
      content: [{ type: 'text', text: '{"a":1}' }],
      structuredContent: { a: 1 },
    });
  });

  it('sends a Map or a Set as its entries, not as an empty object', () => {
    expect(toToolOutput(new Map([['a', 1]]))).toEqual({ content: [{ type: 'text', text: '[["a",1]]' }] });
    expect(toToolOutput(new Set(['x']))).toEqual({ content: [{ type: 'text', text: '["x"]' }] });
  });
});

describe('createToolOutput', () => {
  it('refuses content that is not a list of known blocks, naming the block', () => {
    expect(() => createToolOutput({ content: 'hello' } as never)).toThrow(
      "Invalid option 'content': expected a list of content blocks (text, image, resource-link, resource).",
    );
    expect(() => createToolOutput({ content: [{ type: 'text', text: 5 }] } as never)).toThrow(
      "Invalid option 'content[0]': a text block needs its text as a string.",
    );
    expect(() => createToolOutput({ content: [{ type: 'video' }] } as never)).toThrow(
      "Invalid option 'content[0]': unknown block type 'video' (text, image, resource-link, resource).",
    );
  });
});
