import { describe, expect, it } from 'vitest';
import { InvalidConfigError, type ConfigIssue } from '../errors/invalid-config-error.js';
import { fileLoopOptionsSchema } from '../options/file-loop-options-schema.js';
import { parseLlmConfig } from './parse-llm-config.js';
import { sessionLoopConfigSchema, sessionOptionNames, toSessionLoopOptions } from './session-loop-config.js';

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

describe('the session config’s loop fields', () => {
  it('are every option a file may hold but output, under its snake_case name', () => {
    const loopNames = Object.keys(fileLoopOptionsSchema.shape).filter((name) => name !== 'output');

    expect(Object.keys(sessionLoopConfigSchema.shape)).toEqual(
      loopNames.map((name) => (name === 'system' ? 'system_prompt' : sessionOptionNames.get(name))),
    );
    expect(sessionOptionNames.get('maxToolCalls')).toBe('max_tool_calls');
    expect(sessionOptionNames.get('cacheWritePerMillion')).toBe('cache_write_per_million');
    expect(sessionOptionNames.get('keepToolResults')).toBe('keep_tool_results');
  });

  it('refuse a value as the loop does, under the snake_case names and without the value', () => {
    expect(
      captureIssues({ max_tool_calls: { per_message: -1 }, context_limit: { max_tokens: 'lots' } }),
    ).toEqual([
      { path: 'max_tool_calls.per_message', message: 'expected an integer of at least 0' },
      { path: 'context_limit.max_tokens', message: 'expected an integer of at least 1' },
    ]);
    expect(captureIssues({ explicit_stop: 'yes' })).toEqual([
      { path: 'explicit_stop', message: 'expected true, false or { tool_name?, description? }' },
    ]);
  });

  it('refuse an unknown field, naming the one it most likely meant', () => {
    expect(captureIssues({ max_round: 3, token_budget: { per_trn: 9 }, thinking: { budget: 1 } })).toEqual([
      { path: 'thinking.budget', message: "unknown field; did you mean 'thinking.budget_tokens'?" },
      { path: 'token_budget.per_trn', message: "unknown field; did you mean 'token_budget.per_turn'?" },
      { path: 'max_round', message: "unknown field; did you mean 'max_rounds'?" },
    ]);
    expect(captureIssues({ maxRounds: 3 })).toEqual([
      { path: 'maxRounds', message: "unknown field; did you mean 'max_rounds'?" },
    ]);
  });

  it('refuse a field of a union as the loop does: a misspelt one named, one another form takes by the forms', () => {
    const forms = "expected { type: 'auto' | 'required' | 'none' } or { type: 'tool', name }";
    expect(captureIssues({ tool_choice: { type: 'tool', nmae: 'search' } })).toEqual([
      { path: 'tool_choice.nmae', message: "unknown field; did you mean 'tool_choice.name'?" },
    ]);
    for (const type of ['none', 'auto']) {
      expect(captureIssues({ tool_choice: { type, name: 'search' } })).toEqual([
        { path: 'tool_choice', message: forms },
      ]);
    }
    expect(captureIssues({ tool_choice: { type: 'none', name: 'x', nmae: 'y' } })).toEqual([
      { path: 'tool_choice.nmae', message: "unknown field; did you mean 'tool_choice.name'?" },
    ]);
    expect(captureIssues({ max_tool_calls: { per_mesage: 2 } })).toEqual([
      {
        path: 'max_tool_calls.per_mesage',
        message: "unknown field; did you mean 'max_tool_calls.per_message'?",
      },
    ]);
  });
});

function captureIssues(fields: Record<string, unknown>): ConfigIssue[] {
  try {
    parseLlmConfig({ type: 'openai', model: 'gpt-5', ...fields });
  } catch (error) {
    if (InvalidConfigError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('expected parseLlmConfig to throw');
}
