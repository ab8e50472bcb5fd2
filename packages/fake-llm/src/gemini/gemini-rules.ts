import { alternatingRolesRule } from './rules/alternating-roles-rule.js';
import { apiKeyRule } from './rules/api-key-rule.js';
import { contextWindowRule } from './rules/context-window-rule.js';
import { definitionRule } from './rules/definition-rule.js';
import { functionResponseCountRule } from './rules/function-response-count-rule.js';
import type { GeminiRule } from './rules/gemini-rule.js';
import { partDataRule } from './rules/part-data-rule.js';
import { thinkingBudgetRule } from './rules/thinking-budget-rule.js';
import { thinkingLevelRule } from './rules/thinking-level-rule.js';
import { thoughtSignatureRule } from './rules/thought-signature-rule.js';
import { unknownModelRule } from './rules/unknown-model-rule.js';

/**
 * Gemini's rules, in the order the fake applies them: the first one a request breaks answers it with the API's
 * error, and it takes no step. Each row names its source.
 */
export const geminiRules: readonly GeminiRule[] = [
  apiKeyRule,
  unknownModelRule,
  definitionRule,
  partDataRule,
  alternatingRolesRule,
  thinkingLevelRule,
  thinkingBudgetRule,
  contextWindowRule,
  functionResponseCountRule,
  thoughtSignatureRule,
];
