import { openaiResponsesDefinition } from '../../definitions/openai-responses.generated.js';
import { shortenForMessage } from '../../internal/shorten-for-message.js';
import { createSchemaResolver } from '../../openai/rules/create-schema-resolver.js';
import type { ResponsesRule } from './responses-rule.js';

const resolve = createSchemaResolver(openaiResponsesDefinition);
const knownFields = new Set(Object.keys(resolve(openaiResponsesDefinition.root).properties ?? {}));

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
  check({ body }) {
    const unknown = Object.keys(body)
      .filter((field) => !knownFields.has(field))
      .sort();
    if (unknown.length === 0) return undefined;
    return {
      status: 400,
      type: 'invalid_request_error',
      code: null,
      message:
        unknown.length === 1
          ? `Unrecognized request argument supplied: ${shortenForMessage(String(unknown[0]))}`
          : `Unrecognized request arguments supplied: ${shortenForMessage(unknown.join(', '))}`,
    };
  },
};
