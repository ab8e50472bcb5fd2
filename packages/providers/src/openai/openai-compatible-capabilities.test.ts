import { describe, expect, it } from 'vitest';
import { getOpenAIModelCapabilities } from './openai-compatible-capabilities.js';

describe('getOpenAIModelCapabilities', () => {
  it.each([
    ['o1', true],
    ['o3-mini', true],
    ['o4-mini-2025-04-16', true],
    ['gpt-5', true],
    ['gpt-5.1-codex-max', true],
    ['gpt-6-preview', true],
    ['openai/gpt-5-mini', true],
    ['o1-mini', false],
    ['o1-preview-2024-09-12', false],
    ['gpt-5-chat-latest', false],
    ['gpt-4.1-nano', false],
    ['gpt-4o', false],
    ['gpt-3.5-turbo', false],
    ['omni-moderation-latest', false],
  ] as const)('%s takes reasoning_effort: %s', (modelId, reasoningEffort) => {
    expect(getOpenAIModelCapabilities(modelId)).toEqual({
      reasoningEffort,
      streamUsage: true,
      toolChoice: true,
      maxTokensField: 'max_completion_tokens',
    });
  });
});
