import { describe, expect, it } from 'vitest';
import type { AnthropicModelCapabilities } from './anthropic-model-capabilities.js';
import { convertToAnthropicThinking } from './convert-to-anthropic-thinking.js';

function capabilitiesWith(overrides: Partial<AnthropicModelCapabilities>): AnthropicModelCapabilities {
  return {
    thinking: 'manual',
    thinksByDefault: false,
    defaultMaxTokens: 32_000,
    maxOutputTokens: 64_000,
    structuredOutput: false,
    promptCaching: true,
    minCacheableTokens: 1024,
    ...overrides,
  };
}

describe('convertToAnthropicThinking', () => {
  it('sends nothing without settings, and reports whether the model thinks anyway', () => {
    expect(
      convertToAnthropicThinking({
        settings: undefined,
        capabilities: capabilitiesWith({}),
        maxTokens: 4096,
        modelId: 'm',
      }),
    ).toEqual({
      maxTokens: 4096,
      thinks: false,
      warnings: [],
    });
    expect(
      convertToAnthropicThinking({
        settings: undefined,
        capabilities: capabilitiesWith({ thinking: 'adaptive-only', thinksByDefault: true }),
        maxTokens: 4096,
        modelId: 'm',
      }),
    ).toEqual({ maxTokens: 4096, thinks: true, warnings: [] });
  });

  it('warns that a model that always thinks cannot turn thinking off', () => {
    expect(
      convertToAnthropicThinking({
        settings: { enabled: false },
        capabilities: capabilitiesWith({ thinking: 'adaptive-only', thinksByDefault: true }),
        maxTokens: 4096,
        modelId: 'claude-opus-5-5',
      }),
    ).toEqual({
      maxTokens: 4096,
      thinks: true,
      warnings: [
        {
          type: 'warning',
          code: 'thinking_always_on',
          message: 'claude-opus-5-5 always thinks; thinking cannot be turned off (lower the effort instead).',
        },
      ],
    });
  });

  it('sends nothing for thinking turned off on a model that does not think by default', () => {
    expect(
      convertToAnthropicThinking({
        settings: { enabled: false, budgetTokens: 4000 },
        capabilities: capabilitiesWith({}),
        maxTokens: 4096,
        modelId: 'm',
      }),
    ).toEqual({ maxTokens: 4096, thinks: false, warnings: [] });
  });

  it('sends nothing, with a warning, to a model without thinking', () => {
    expect(
      convertToAnthropicThinking({
        settings: { enabled: true, budgetTokens: 2048 },
        capabilities: capabilitiesWith({ thinking: 'none' }),
        maxTokens: 4096,
        modelId: 'claude-3-haiku-20240307',
      }),
    ).toEqual({
      maxTokens: 4096,
      thinks: false,
      warnings: [
        {
          type: 'warning',
          code: 'thinking_unsupported',
          message: 'claude-3-haiku-20240307 does not support thinking; the request was sent without it.',
        },
      ],
    });
  });

  describe('manual thinking', () => {
    it('sends the budget as it is when it fits below max_tokens', () => {
      expect(
        convertToAnthropicThinking({
          settings: { enabled: true, budgetTokens: 2000 },
          capabilities: capabilitiesWith({}),
          maxTokens: 8000,
          modelId: 'm',
        }),
      ).toEqual({
        thinking: { type: 'enabled', budget_tokens: 2000 },
        maxTokens: 8000,
        thinks: true,
        warnings: [],
      });
    });

    it('raises a budget below 1024 to 1024, with a warning', () => {
      expect(
        convertToAnthropicThinking({
          settings: { enabled: true, budgetTokens: 500 },
          capabilities: capabilitiesWith({}),
          maxTokens: 8000,
          modelId: 'm',
        }),
      ).toEqual({
        thinking: { type: 'enabled', budget_tokens: 1024 },
        maxTokens: 8000,
        thinks: true,
        warnings: [
          {
            type: 'warning',
            code: 'thinking_budget_raised',
            message: 'A thinking budget of 500 tokens is below the minimum; 1024 was sent.',
          },
        ],
      });
    });

    it('raises max_tokens above the budget, keeping the room asked for the answer', () => {
      expect(
        convertToAnthropicThinking({
          settings: { enabled: true, budgetTokens: 10_000 },
          capabilities: capabilitiesWith({}),
          maxTokens: 4096,
          modelId: 'm',
        }),
      ).toEqual({
        thinking: { type: 'enabled', budget_tokens: 10_000 },
        maxTokens: 14_096,
        thinks: true,
        warnings: [],
      });
    });

    it('raises max_tokens when the budget equals it', () => {
      expect(
        convertToAnthropicThinking({
          settings: { enabled: true, budgetTokens: 4096 },
          capabilities: capabilitiesWith({}),
          maxTokens: 4096,
          modelId: 'm',
        }),
      ).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 4096 }, maxTokens: 8192 });
    });

    it("lowers a budget the model's output limit cannot hold, with a warning", () => {
      expect(
        convertToAnthropicThinking({
          settings: { enabled: true, budgetTokens: 100_000 },
          capabilities: capabilitiesWith({ maxOutputTokens: 32_000 }),
          maxTokens: 4096,
          modelId: 'claude-opus-4-1',
        }),
      ).toEqual({
        thinking: { type: 'enabled', budget_tokens: 30_976 },
        maxTokens: 32_000,
        thinks: true,
        warnings: [
          {
            type: 'warning',
            code: 'thinking_budget_lowered',
            message:
              'claude-opus-4-1 produces at most 32000 tokens; the thinking budget was lowered to 30976.',
          },
        ],
      });
    });

    it.each([
      ['low', 2048],
      ['medium', 8192],
      ['high', 16_384],
      ['max', 32_768],
    ] as const)('turns effort %s into a budget of %i', (effort, budget) => {
      expect(
        convertToAnthropicThinking({
          settings: { enabled: true, effort },
          capabilities: capabilitiesWith({}),
          maxTokens: 40_000,
          modelId: 'm',
        }),
      ).toEqual({
        thinking: { type: 'enabled', budget_tokens: budget },
        maxTokens: 40_000,
        thinks: true,
        warnings: [],
      });
    });

    it('uses a medium budget when only enabled is set', () => {
      expect(
        convertToAnthropicThinking({
          settings: { enabled: true },
          capabilities: capabilitiesWith({}),
          maxTokens: 32_000,
          modelId: 'm',
        }),
      ).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 8192 }, maxTokens: 32_000 });
    });
  });

  describe.each(['adaptive', 'adaptive-only'] as const)('%s thinking', (mode) => {
    it('sends adaptive thinking with the effort', () => {
      expect(
        convertToAnthropicThinking({
          settings: { enabled: true, effort: 'high' },
          capabilities: capabilitiesWith({ thinking: mode }),
          maxTokens: 4096,
          modelId: 'm',
        }),
      ).toEqual({
        thinking: { type: 'adaptive' },
        effort: 'high',
        maxTokens: 4096,
        thinks: true,
        warnings: [],
      });
    });

    it('sends adaptive thinking without an effort when none is set', () => {
      expect(
        convertToAnthropicThinking({
          settings: { enabled: true },
          capabilities: capabilitiesWith({ thinking: mode }),
          maxTokens: 4096,
          modelId: 'm',
        }),
      ).toEqual({ thinking: { type: 'adaptive' }, maxTokens: 4096, thinks: true, warnings: [] });
    });

    it.each([
      [1024, 'low'],
      [8000, 'medium'],
      [20_000, 'high'],
    ] as const)(
      'turns a budget of %i into effort %s instead of a rejected manual budget',
      (budgetTokens, effort) => {
        expect(
          convertToAnthropicThinking({
            settings: { enabled: true, budgetTokens },
            capabilities: capabilitiesWith({ thinking: mode }),
            maxTokens: 4096,
            modelId: 'm',
          }),
        ).toEqual({ thinking: { type: 'adaptive' }, effort, maxTokens: 4096, thinks: true, warnings: [] });
      },
    );
  });
});
