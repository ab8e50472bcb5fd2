import { isRecord } from '../internal/is-record.js';
/** A request's `thinking` and `max_tokens`, as far as they are the shape the API takes. */
export interface ThinkingConfig {
  /** `enabled`, `adaptive`, `disabled`, …; `undefined` when the request has no `thinking`. */
  type: string | undefined;
  /** A manual budget (`type: 'enabled'`). */
  budgetTokens: number | undefined;
  maxTokens: number | undefined;
}

/** Reads `thinking` and `max_tokens` from a request body of any shape (a field of another shape reads as absent). */
export function readThinkingConfig(body: unknown): ThinkingConfig {
  const fields = isRecord(body) ? body : {};
  const thinking = isRecord(fields.thinking) ? fields.thinking : {};
  return {
    type: typeof thinking.type === 'string' ? thinking.type : undefined,
    budgetTokens: typeof thinking.budget_tokens === 'number' ? thinking.budget_tokens : undefined,
    maxTokens: typeof fields.max_tokens === 'number' ? fields.max_tokens : undefined,
  };
}
