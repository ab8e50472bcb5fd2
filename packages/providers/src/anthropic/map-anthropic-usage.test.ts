import { describe, expect, it } from 'vitest';
import { mapAnthropicUsage } from './map-anthropic-usage.js';

describe('mapAnthropicUsage', () => {
  it('takes the input and cache counts of message_start', () => {
    expect(
      mapAnthropicUsage({
        usage: {
          input_tokens: 50,
          output_tokens: 1,
          cache_read_input_tokens: 7,
          cache_creation_input_tokens: 3,
        },
        previous: { inputTokens: 0, outputTokens: 0 },
      }),
    ).toEqual({ inputTokens: 50, outputTokens: 1, cacheReadTokens: 7, cacheWriteTokens: 3 });
  });

  it('keeps earlier counts that a message_delta leaves out or sets to null', () => {
    expect(
      mapAnthropicUsage({
        usage: { output_tokens: 30, input_tokens: null, cache_read_input_tokens: null },
        previous: { inputTokens: 50, outputTokens: 1, cacheReadTokens: 7 },
      }),
    ).toEqual({ inputTokens: 50, outputTokens: 30, cacheReadTokens: 7 });
  });

  it('reads the thinking tokens of output_tokens_details as reasoning tokens', () => {
    expect(
      mapAnthropicUsage({
        usage: {
          output_tokens: 120,
          input_tokens: null,
          cache_creation_input_tokens: null,
          cache_read_input_tokens: null,
          output_tokens_details: { thinking_tokens: 80 },
          server_tool_use: null,
        },
        previous: { inputTokens: 50, outputTokens: 1 },
      }),
    ).toEqual({ inputTokens: 50, outputTokens: 120, reasoningTokens: 80 });
  });
});
