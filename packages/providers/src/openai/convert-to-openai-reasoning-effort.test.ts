import type { ThinkingSettings } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { convertToOpenAIReasoningEffort } from './convert-to-openai-reasoning-effort.js';

function convert(settings: ThinkingSettings | undefined, takesReasoningEffort = true) {
  return convertToOpenAIReasoningEffort({ settings, takesReasoningEffort, modelId: 'test-model' });
}

describe('convertToOpenAIReasoningEffort', () => {
  it('sends nothing without settings, or with thinking turned off', () => {
    expect(convert(undefined)).toEqual({ warnings: [] });
    expect(convert({ enabled: false, effort: 'high' })).toEqual({ warnings: [] });
  });

  it.each(['low', 'medium', 'high'] as const)('maps effort %s one to one', (effort) => {
    expect(convert({ enabled: true, effort })).toEqual({ reasoningEffort: effort, warnings: [] });
  });

  it('sends max as high, with a warning', () => {
    expect(convert({ enabled: true, effort: 'max' })).toEqual({
      reasoningEffort: 'high',
      warnings: [expect.objectContaining({ code: 'thinking_effort_lowered' })],
    });
  });

  it.each([
    [1024, 'low'],
    [4095, 'low'],
    [4096, 'medium'],
    [16_383, 'medium'],
    [16_384, 'high'],
  ] as const)('maps a budget of %i tokens to %s', (budgetTokens, reasoningEffort) => {
    expect(convert({ enabled: true, budgetTokens })).toEqual({ reasoningEffort, warnings: [] });
  });

  it('prefers effort over a budget', () => {
    expect(convert({ enabled: true, effort: 'low', budgetTokens: 32_000 })).toEqual({
      reasoningEffort: 'low',
      warnings: [],
    });
  });

  it('sends nothing for thinking without effort or budget, so the model keeps its default', () => {
    expect(convert({ enabled: true })).toEqual({ warnings: [] });
  });

  it('warns instead of sending to a model without reasoning_effort', () => {
    expect(convert({ enabled: true, effort: 'high' }, false)).toEqual({
      warnings: [
        {
          type: 'warning',
          code: 'thinking_unsupported',
          message:
            'The model test-model does not take reasoning_effort, so the thinking settings were not sent (set capabilities.reasoningEffort if it does).',
        },
      ],
    });
  });
});
