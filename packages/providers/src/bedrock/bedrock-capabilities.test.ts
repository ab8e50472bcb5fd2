import { describe, expect, it } from 'vitest';
import { getBedrockCapabilities } from './bedrock-capabilities.js';

describe('getBedrockCapabilities', () => {
  it('takes a listed model from the catalogue, by its id or an inference profile', () => {
    const expected = {
      thinking: 'manual',
      thinksByDefault: false,
      structuredOutput: true,
      defaultMaxTokens: 32_000,
      maxOutputTokens: 64_000,
    };
    expect(getBedrockCapabilities('anthropic.claude-sonnet-4-5-20250929-v1:0')).toEqual(expected);
    expect(getBedrockCapabilities('eu.anthropic.claude-sonnet-4-5-20250929-v1:0')).toEqual(expected);
    expect(getBedrockCapabilities('global.anthropic.claude-opus-4-7').thinking).toBe('adaptive-only');
  });

  it('reads a Claude id the catalogue does not list by its family and version', () => {
    expect(getBedrockCapabilities('us.anthropic.claude-3-7-sonnet-20250219-v1:0')).toMatchObject({
      thinking: 'manual',
      structuredOutput: false,
    });
    expect(getBedrockCapabilities('anthropic.claude-3-5-haiku-20241022-v1:0').thinking).toBe('none');
  });

  it('gives other families no thinking and no output schema', () => {
    expect(getBedrockCapabilities('amazon.nova-pro-v1:0')).toMatchObject({
      thinking: 'none',
      structuredOutput: false,
      maxOutputTokens: 10_000,
    });
    expect(getBedrockCapabilities('cohere.command-r-plus-v1:0')).toEqual({
      thinking: 'none',
      thinksByDefault: false,
      structuredOutput: false,
      defaultMaxTokens: 4096,
      maxOutputTokens: 4096,
    });
  });
});
