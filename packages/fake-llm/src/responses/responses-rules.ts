import { definitionRule } from './rules/definition-rule.js';
import { functionCallOutputRule } from './rules/function-call-output-rule.js';
import { previousResponseRule } from './rules/previous-response-rule.js';
import {
  itemNotStoredRule,
  reasoningContinuityRule,
  reasoningFollowingItemRule,
} from './rules/reasoning-continuity-rule.js';
import type { ResponsesRule } from './rules/responses-rule.js';
import { unknownFieldRule } from './rules/unknown-field-rule.js';
import { unknownModelRule } from './rules/unknown-model-rule.js';

/**
 * The Responses API's rules, in the order the fake applies them: the first one a request breaks answers it with
 * the API's error, and it takes no step. Each row names its source.
 */
export const responsesRules: readonly ResponsesRule[] = [
  definitionRule,
  unknownFieldRule,
  unknownModelRule,
  previousResponseRule,
  functionCallOutputRule,
  itemNotStoredRule,
  reasoningContinuityRule,
  reasoningFollowingItemRule,
];
