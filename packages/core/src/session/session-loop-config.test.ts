import { describe, expect, it } from 'vitest';
import { toSessionLoopOptions } from './session-loop-config.js';

describe('toSessionLoopOptions', () => {
  it('maps the snake_case limits and thinking to the loop options', () => {
    expect(
      toSessionLoopOptions({
        type: 'claude',
        model: 'claude-sonnet-4-6',
        system_prompt: 'Be brief.',
        max_tool_calls: { per_message: 3, per_session: 20 },
        thinking: { budget_tokens: 8000, effort: 'low' },
        max_iterations: 5,
        max_rounds: 2,
        max_consecutive_errors: 4,
        timeout_ms: 1000,
        tool_timeout_ms: 500,
        max_tokens: 256,
        token_budget: { per_turn: 5000, per_session: 20000 },
        context_limit: {
          max_tokens: 50_000,
          keep_tool_results: 2,
          exclude_tools: ['plan'],
          summarize: { instructions: 'Keep order numbers.', max_tokens: 500 },
        },
      }),
    ).toEqual({
      system: 'Be brief.',
      maxToolCalls: { perMessage: 3, perSession: 20 },
      thinking: { budgetTokens: 8000, effort: 'low' },
      maxIterations: 5,
      maxRounds: 2,
      maxConsecutiveErrors: 4,
      timeoutMs: 1000,
      toolTimeoutMs: 500,
      maxTokens: 256,
      tokenBudget: { perTurn: 5000, perSession: 20000 },
      contextLimit: {
        maxTokens: 50_000,
        keepToolResults: 2,
        excludeTools: ['plan'],
        summarize: { instructions: 'Keep order numbers.', maxTokens: 500 },
      },
    });
    expect(
      toSessionLoopOptions({
        type: 'claude',
        model: 'claude-sonnet-4-6',
        context_limit: { max_tokens: 50_000, summarize: true },
      }).contextLimit,
    ).toEqual({ maxTokens: 50_000, summarize: true });
  });

  it('keeps a number as the loop takes it (the per-message limit) and thinking on unless turned off', () => {
    expect(toSessionLoopOptions({ type: 'openai', model: 'gpt-5', max_tool_calls: 2 })).toEqual({
      maxToolCalls: 2,
      thinking: true,
    });
    expect(toSessionLoopOptions({ type: 'openai', model: 'gpt-5', thinking: false }).thinking).toBe(false);
    expect(toSessionLoopOptions({ type: 'openai', model: 'gpt-5', token_budget: 900 }).tokenBudget).toBe(900);
  });

  it('keeps the model ids of prices as they are and maps the price fields', () => {
    expect(
      toSessionLoopOptions({
        type: 'openai',
        model: 'gpt-5',
        prices: { gpt_5_mini: { input_per_million: 0.25, output_per_million: 2 } },
      }).prices,
    ).toEqual({ gpt_5_mini: { inputPerMillion: 0.25, outputPerMillion: 2 } });
  });
});
