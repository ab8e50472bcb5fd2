import { openaiResponsesDefinition } from '../../definitions/openai-responses.generated.js';
import { createUnrecognizedArgumentsCheck } from '../../openai/rules/create-unrecognized-arguments-check.js';
import type { ResponsesRule } from './responses-rule.js';

const findUnrecognizedArguments = createUnrecognizedArgumentsCheck(openaiResponsesDefinition);

/** A top-level field the published definition does not have, named as OpenAI names unknown fields. */
export const unknownFieldRule: ResponsesRule = {
  id: 'responses/unknown-field',
  wire: 'responses',
  outcome: 'refuses',
  summary:
    'A top-level field the published definition of the request does not have (such as messages or max_tokens).',
  source:
    "The fields of CreateResponse in OpenAI's OpenAPI description; the answer in the words OpenAI gives an " +
    'unknown field (see chat-completions/unknown-field).',
  check: ({ body }) => findUnrecognizedArguments(body),
};
