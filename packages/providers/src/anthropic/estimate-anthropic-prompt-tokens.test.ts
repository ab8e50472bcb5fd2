import { describe, expect, it } from 'vitest';
import { estimateAnthropicPromptTokens } from './estimate-anthropic-prompt-tokens.js';

describe('estimateAnthropicPromptTokens', () => {
  it('counts a token for every three bytes of the JSON of tools, system prompt and messages', () => {
    const params = {
      system: 'Be brief.',
      messages: [{ role: 'user' as const, content: 'Hi' }],
      tools: [{ name: 'echo', input_schema: { type: 'object' as const } }],
    };
    const json = JSON.stringify({ tools: params.tools, system: params.system, messages: params.messages });

    expect(estimateAnthropicPromptTokens(params)).toBe(Math.ceil(json.length / 3));
  });

  it('counts the UTF-8 bytes of text outside ASCII, not its characters', () => {
    // 日本語 is three bytes a character, the emoji four (two UTF-16 units): 9 + 4 bytes, plus the JSON around them.
    const messages = [{ role: 'user' as const, content: '日本語🙂' }];
    const around = JSON.stringify({ messages: [{ role: 'user', content: '' }] }).length;

    expect(estimateAnthropicPromptTokens({ messages })).toBe(Math.ceil((around + 13) / 3));
  });
});
