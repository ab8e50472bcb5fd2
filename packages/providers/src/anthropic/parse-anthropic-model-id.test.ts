import { describe, expect, it } from 'vitest';
import { parseAnthropicModelId } from './parse-anthropic-model-id.js';

describe('parseAnthropicModelId', () => {
  it.each([
    ['claude-3-haiku-20240307', { line: 'haiku', major: 3, minor: 0, isPreview: false }],
    ['claude-3-5-sonnet-20241022', { line: 'sonnet', major: 3, minor: 5, isPreview: false }],
    ['claude-3-7-sonnet-latest', { line: 'sonnet', major: 3, minor: 7, isPreview: false }],
    ['claude-sonnet-4-20250514', { line: 'sonnet', major: 4, minor: 0, isPreview: false }],
    ['claude-opus-4-1-20250805', { line: 'opus', major: 4, minor: 1, isPreview: false }],
    ['claude-haiku-4-5@20251001', { line: 'haiku', major: 4, minor: 5, isPreview: false }],
    ['anthropic.claude-opus-4-6-v1', { line: 'opus', major: 4, minor: 6, isPreview: false }],
    ['claude-fable-5', { line: 'fable', major: 5, minor: 0, isPreview: false }],
    ['Claude-Sonnet-5-5', { line: 'sonnet', major: 5, minor: 5, isPreview: false }],
    ['claude-mythos-preview', { line: 'mythos', major: 0, minor: 0, isPreview: true }],
  ])('reads %s', (modelId, expected) => {
    expect(parseAnthropicModelId(modelId)).toEqual(expected);
  });

  it('reads no version from an id that names none', () => {
    expect(parseAnthropicModelId('my-proxy-model')).toBeUndefined();
  });
});
