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
    expect(getOpenAIModelCapabilities(modelId)).toMatchObject({
      reasoningEffort,
      streamUsage: true,
      toolChoice: true,
      maxTokensField: 'max_completion_tokens',
    });
  });

  it.each([
    ['gpt-4o', true],
    ['gpt-4o-mini-2024-07-18', true],
    ['gpt-4.1-nano', true],
    ['gpt-5', true],
    ['o1', true],
    ['o3-mini', true],
    ['openai/gpt-5-mini', true],
    ['gpt-4', false],
    ['gpt-4-turbo', false],
    ['gpt-3.5-turbo', false],
    ['o1-mini', false],
    ['o1-preview-2024-09-12', false],
    ['omni-moderation-latest', false],
  ] as const)('%s takes a json_schema response_format: %s', (modelId, structuredOutput) => {
    expect(getOpenAIModelCapabilities(modelId).structuredOutput).toBe(structuredOutput);
  });
});
