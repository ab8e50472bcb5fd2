import { definitionRule } from './rules/definition-rule.js';
import {
  modelNotFoundRule,
  modelRequiredRule,
  thinkingUnsupportedRule,
  toolsUnsupportedRule,
  topLogprobsRule,
} from './rules/model-rules.js';
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
