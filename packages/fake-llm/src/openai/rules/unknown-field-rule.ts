import { openaiChatCompletionsDefinition } from '../../definitions/openai-chat-completions.generated.js';
import { createUnrecognizedArgumentsCheck } from './create-unrecognized-arguments-check.js';
import type { ChatCompletionsRefusalRule } from './chat-completions-rule.js';

const findUnrecognizedArguments = createUnrecognizedArgumentsCheck(openaiChatCompletionsDefinition);

/**
 * A top-level field the published definition does not have. The definition does not close its objects, so this
 * is a rule of its own, after it: OpenAI names every unknown field, sorted.
 */
export const unknownFieldRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/unknown-field',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary:
    'A top-level field the published definition of the request does not have (such as top_k or thinking).',
  source:
    "The fields of CreateChatCompletionRequest in OpenAI's OpenAPI description; the answer as quoted in " +
    'https://github.com/xlinx/sd-webui-decadetw-auto-prompt-llm/issues/29 and ' +
    'https://github.com/nashsu/llm_wiki/issues/336 ("Unrecognized request argument supplied: thinking"); for ' +
    'several, "Unrecognized request arguments supplied: tool_choice, tools" as quoted in public code.',
  check: ({ body }) => findUnrecognizedArguments(body),
};
