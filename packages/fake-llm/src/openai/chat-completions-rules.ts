import type { ChatCompletionsRule } from './rules/chat-completions-rule.js';
import {
  contextWindowRule,
  maxOutputTokensRule,
  reasoningMaxTokensRule,
  reasoningTemperatureRule,
} from './rules/model-limit-rules.js';
import { definitionRule } from './rules/definition-rule.js';
import { functionNameRule } from './rules/function-name-rule.js';
import { reasoningEchoRule } from './rules/reasoning-echo-rule.js';
import {
  responseFormatJsonSchemaRule,
  responseFormatNameRule,
  responseFormatStrictSchemaRule,
} from './rules/response-format-rules.js';
import { streamOptionsRule } from './rules/stream-options-rule.js';
import { toolChoiceFunctionRule } from './rules/tool-choice-function-rule.js';
import { toolChoiceWithoutToolsRule } from './rules/tool-choice-without-tools-rule.js';
import {
  missingToolResultRule,
  toolMessageWithoutToolCallsRule,
  unexpectedToolResultRule,
} from './rules/tool-message-rules.js';
import { unknownFieldRule } from './rules/unknown-field-rule.js';
import { unknownModelRule } from './rules/unknown-model-rule.js';

/**
 * Chat completions' rules, in the order the fake applies them: the first refusing rule a request breaks answers
 * it (no step taken); then every reporting rule adds its violations, and the request is answered. Each row names
 * its source, and the dialects whose servers have it: what comes from OpenAI's definition or answers holds for
 * `openai` only, unless a source shows another server has it too.
 */
export const chatCompletionsRules: readonly ChatCompletionsRule[] = [
  definitionRule,
  functionNameRule,
  unknownFieldRule,
  unknownModelRule,
  maxOutputTokensRule,
  contextWindowRule,
  reasoningMaxTokensRule,
  reasoningTemperatureRule,
  toolChoiceWithoutToolsRule,
  toolChoiceFunctionRule,
  streamOptionsRule,
  toolMessageWithoutToolCallsRule,
  responseFormatJsonSchemaRule,
  responseFormatNameRule,
  responseFormatStrictSchemaRule,
  missingToolResultRule,
  unexpectedToolResultRule,
  reasoningEchoRule,
];
