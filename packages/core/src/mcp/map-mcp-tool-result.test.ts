import { describe, expect, it } from 'vitest';
import { mapMcpToolResult } from './map-mcp-tool-result.js';

describe('mapMcpToolResult', () => {
  it('maps every content type, structured content and isError', () => {
    expect(
      mapMcpToolResult({
        content: [
          { type: 'text', text: 'hello' },
          { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
          { type: 'audio', data: 'UklGR', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
          { type: 'resource', resource: { uri: 'file:///b.txt', text: 'bee', mimeType: 'text/plain' } },
        ],
        structuredContent: { ok: true },
        isError: true,
      }),
    ).toEqual({
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', data: 'iVBOR', mediaType: 'image/png' },
        { type: 'text', text: '[audio content (audio/wav) omitted: the model cannot take it back]' },
        { type: 'resource-link', uri: 'file:///a.txt', name: 'a.txt', mediaType: 'text/plain' },
        { type: 'resource', uri: 'file:///b.txt', text: 'bee', mediaType: 'text/plain' },
      ],
      structuredContent: { ok: true },
      isError: true,
    });
  });

  it('gives structured-only results a text form too', () => {
    expect(mapMcpToolResult({ content: [], structuredContent: { temperature: 21 } })).toEqual({
      content: [{ type: 'text', text: '{"temperature":21}' }],
      structuredContent: { temperature: 21 },
    });
  });
});
