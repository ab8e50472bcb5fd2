import type { ContextLimit, ToolLoopOptions } from '../loop/tool-loop-options.js';
import type { LlmConfig, StoredLlmConfig } from './llm-config.js';

/** The loop options a session's config sets; the session adds the model, messages and tools. */
export type SessionLoopOptions = Pick<
  ToolLoopOptions,
  | 'system'
  | 'maxToolCalls'
  | 'thinking'
  | 'maxIterations'
  | 'maxRounds'
  | 'maxConsecutiveErrors'
  | 'timeoutMs'
  | 'toolTimeoutMs'
  | 'maxTokens'
  | 'tokenBudget'
  | 'contextLimit'
>;

/**
 * Translates the snake_case config into the loop's options. Thinking is on unless the config turns it off;
 * providers turn it off with a warning for models that cannot think.
 */
export function toSessionLoopOptions(config: StoredLlmConfig): SessionLoopOptions {
  const limits = config.max_tool_calls;
  const budget = config.token_budget;
  return {
    system: config.system_prompt,
    maxToolCalls:
      typeof limits === 'number'
        ? { perMessage: limits }
        : { perMessage: limits?.per_message, perSession: limits?.per_session },
    thinking: {
      enabled: config.thinking?.enabled ?? true,
      budgetTokens: config.thinking?.budget_tokens,
      effort: config.thinking?.effort,
    },
    maxIterations: config.max_iterations,
    maxRounds: config.max_rounds,
    maxConsecutiveErrors: config.max_consecutive_errors,
    timeoutMs: config.timeout_ms,
    toolTimeoutMs: config.tool_timeout_ms,
    maxTokens: config.max_tokens,
    tokenBudget:
      typeof budget === 'number'
        ? { perTurn: budget }
        : budget && { perTurn: budget.per_turn, perSession: budget.per_session },
    contextLimit: config.context_limit && {
      maxTokens: config.context_limit.max_tokens,
      keepToolResults: config.context_limit.keep_tool_results,
      excludeTools: config.context_limit.exclude_tools,
      summarize: toSummarize(config.context_limit.summarize),
    },
  };
}

/** `context_limit.summarize` as the loop takes it (the summary is written by the session's model). */
function toSummarize(
  summarize: NonNullable<LlmConfig['context_limit']>['summarize'],
): ContextLimit['summarize'] {
  if (typeof summarize !== 'object') return summarize;
  return { instructions: summarize.instructions, maxTokens: summarize.max_tokens };
}
