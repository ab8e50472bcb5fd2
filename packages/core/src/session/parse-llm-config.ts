import { InvalidConfigError } from '../errors/invalid-config-error.js';
import type { LlmConfig } from './llm-config.js';
import { llmConfigSchema } from './llm-config-schema.js';
import { toConfigIssues } from './to-config-issues.js';

/**
 * Validates a host config (`LlmConfig`, snake_case) and returns it typed. A bad config throws
 * `InvalidConfigError` listing every problem by field; no value (least of all `api_key`) appears in it.
 *
 * @example
 * const config = parseLlmConfig({ type: 'claude', api_key: process.env.ANTHROPIC_API_KEY, model: 'claude-sonnet-4-6' });
 */
export function parseLlmConfig(input: unknown): LlmConfig {
  const parsed = llmConfigSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new InvalidConfigError({ issues: toConfigIssues(parsed.error.issues, { schema: llmConfigSchema }) });
}
