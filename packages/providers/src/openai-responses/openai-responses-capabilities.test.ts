import { describe, expect, it } from 'vitest';
import { getOpenAIResponsesCapabilities } from './openai-responses-capabilities.js';

describe('getOpenAIResponsesCapabilities', () => {
  it('gives reasoning to a model the catalogue lists with reasoning_effort', () => {
    expect(getOpenAIResponsesCapabilities('gpt-5-mini')).toEqual({ reasoning: true, structuredOutput: true });
  });

  it('gives no reasoning to a model the catalogue lists without it', () => {
    expect(getOpenAIResponsesCapabilities('gpt-4o')).toEqual({ reasoning: false, structuredOutput: true });
    expect(getOpenAIResponsesCapabilities('gpt-5-chat-latest').reasoning).toBe(false);
  });

  it('reads an id the catalogue does not list, so newer models need no update', () => {
    expect(getOpenAIResponsesCapabilities('gpt-5.1-codex-max').reasoning).toBe(true);
    expect(getOpenAIResponsesCapabilities('o9-future').reasoning).toBe(true);
    expect(getOpenAIResponsesCapabilities('gpt-4-my-finetune').reasoning).toBe(false);
  });
});
