import { authorizationRule } from './rules/authorization-rule.js';
import type { BedrockRule } from './rules/bedrock-rule.js';
import { alternatingRolesRule, blankTextRule, toolConfigRule } from './rules/conversation-rules.js';
import { definitionRule } from './rules/definition-rule.js';
import { reasoningContinuityRule, redactedReasoningRule } from './rules/reasoning-continuity-rules.js';
import { signatureRequiredRule, signatureRule } from './rules/thinking-signature-rules.js';
import { maxTokensRule } from './rules/max-tokens-rule.js';
import { unknownModelRule } from './rules/unknown-model-rule.js';

/**
 * The Converse API's rules, in the order the fake applies them: the first one a request breaks answers it with
 * Bedrock's error, and it takes no step. Each row names its source.
 */
export const bedrockRules: readonly BedrockRule[] = [
  authorizationRule,
  definitionRule,
  unknownModelRule,
  maxTokensRule,
  alternatingRolesRule,
  blankTextRule,
  toolConfigRule,
  signatureRequiredRule,
  reasoningContinuityRule,
  signatureRule,
  redactedReasoningRule,
];
