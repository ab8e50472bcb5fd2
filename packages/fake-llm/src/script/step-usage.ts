import type { LlmStep } from './llm-step.js';

/** Tokens in a text as the fake estimates them: a quarter of its characters, at least 1. */
export function estimateTokens(characters: number): number {
  return Math.max(1, Math.ceil(characters / 4));
}

/** The input tokens a step reports: its own `usage.inputTokens`, else the estimate from the request's length. */
export function stepInputTokens(step: LlmStep, requestLength: number): number {
  return step.usage?.inputTokens ?? estimateTokens(requestLength);
}

/**
 * The whole prompt, as the wires that count the prompt cache inside it report it (chat completions, the Responses
 * API, Gemini): the step's input, and what the cache read and wrote.
 */
export function stepPromptTokens(step: LlmStep, requestLength: number): number {
  return (
    stepInputTokens(step, requestLength) +
    (step.usage?.cacheReadTokens ?? 0) +
    (step.usage?.cacheWriteTokens ?? 0)
  );
}
