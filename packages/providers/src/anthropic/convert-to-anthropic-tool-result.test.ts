import type { ToolOutput } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { convertToAnthropicToolResult } from './convert-to-anthropic-tool-result.js';

function convert(output: ToolOutput, isError = false) {
  return convertToAnthropicToolResult({
    type: 'tool-result',
    toolCallId: 'toolu_1',
    toolName: 'read',
    output,
    isError,
  });
}

describe('convertToAnthropicToolResult', () => {
  it('sends text and base64 images', () => {
    expect(
      convert({
        content: [
          { type: 'text', text: 'a chart' },
          { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        ],
      }),
    ).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [
        { type: 'text', text: 'a chart' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      ],
    });
  });

  it('sends a result of one text block as its text, the shorter form the API reads as that block', () => {
    expect(convert({ content: [{ type: 'text', text: 'sunny, 21 °C' }] })).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: 'sunny, 21 °C',
    });
    expect(convert({ content: [{ type: 'text', text: '' }] })).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
    });
    expect(convert({ content: [{ type: 'resource', uri: 'file:///b.txt', text: 'hello' }] }).content).toBe(
      'Resource file:///b.txt:\nhello',
    );
  });

  it('leaves out empty text blocks, which the API refuses and which say nothing', () => {
    expect(
      convert({
        content: [
          { type: 'text', text: '' },
          { type: 'image', data: 'iVBO', mediaType: 'image/png' },
        ],
      }).content,
    ).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } }]);
    expect(
      convert({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: '' },
        ],
      }).content,
    ).toBe('a');
  });

  it('keeps the list for an image alone and for more than one block', () => {
    expect(convert({ content: [{ type: 'image', data: 'iVBO', mediaType: 'image/png' }] }).content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
    ]);
    expect(
      convert({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }).content,
    ).toEqual([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
    ]);
  });

  it('describes an image type the API cannot read', () => {
    expect(convert({ content: [{ type: 'image', data: 'AAAA', mediaType: 'image/tiff' }] }).content).toBe(
      '[image of type image/tiff, which this model cannot read]',
    );
  });

  it('sends resources and resource links as text, and image blobs as images', () => {
    expect(
      convert({
        content: [
          { type: 'resource-link', uri: 'file:///a.md', name: 'a.md', mediaType: 'text/markdown' },
          { type: 'resource', uri: 'file:///b.txt', text: 'hello' },
          { type: 'resource', uri: 'file:///c.png', blob: 'iVBO', mediaType: 'image/png' },
          { type: 'resource', uri: 'file:///d.zip', blob: 'UEsD', mediaType: 'application/zip' },
        ],
      }).content,
    ).toEqual([
      { type: 'text', text: 'Resource link: file:///a.md (a.md; text/markdown)' },
      { type: 'text', text: 'Resource file:///b.txt:\nhello' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
      { type: 'text', text: '[binary resource file:///d.zip of type application/zip]' },
    ]);
  });

  it('sends structured content as JSON text when there is no other content', () => {
    expect(convert({ content: [], structuredContent: { temperature: 21 } }).content).toBe(
      '{"temperature":21}',
    );
  });

  it('sends no content field for an empty result', () => {
    expect(convert({ content: [] })).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1' });
  });

  it('marks an error from the part or from the output', () => {
    expect(convert({ content: [] }, true).is_error).toBe(true);
    expect(convert({ content: [], isError: true }).is_error).toBe(true);
  });
});
