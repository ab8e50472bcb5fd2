import { definitionRule } from './rules/definition-rule.js';
import { modelNotFoundRule } from './rules/model-not-found-rule.js';
import { modelRequiredRule } from './rules/model-required-rule.js';
import { thinkingUnsupportedRule } from './rules/thinking-unsupported-rule.js';
import { toolsUnsupportedRule } from './rules/tools-unsupported-rule.js';
import { topLogprobsRule } from './rules/top-logprobs-rule.js';
import type { OllamaChatRule } from './rules/ollama-chat-rule.js';

/**
 * The rules of Ollama's `POST /api/chat`, in the order its ChatHandler applies them: the first one a request
 * breaks answers it with Ollama's error, and it takes no step. Each row names its source. Ollama refuses little
 * else: unknown fields, a missing `messages`, a role it does not know and a thinking trace left out of the
 * history all pass.
 */
export const ollamaChatRules: readonly OllamaChatRule[] = [
  definitionRule,
  topLogprobsRule,
  modelRequiredRule,
  modelNotFoundRule,
  thinkingUnsupportedRule,
  toolsUnsupportedRule,
];
