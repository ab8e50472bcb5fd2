import { checkAgainstDefinition } from '../../definitions/check-against-definition.js';
import { openaiResponsesDefinition } from '../../definitions/openai-responses.generated.js';
import { formatDefinitionIssue } from '../../openai/rules/format-definition-issue.js';
import type { ResponsesRule } from './responses-rule.js';

const { source } = openaiResponsesDefinition;

/**
 * A body that departs from OpenAI's published definition of the request, answered as OpenAI's validator answers
 * the first departure (the same validator as chat completions').
 */
export const definitionRule: ResponsesRule = {
  id: 'responses/definition',
  wire: 'responses',
  outcome: 'refuses',
  summary:
    'A body that departs from the published definition of the request (a field of another type, a value not ' +
    'listed, a number out of bounds), answered as the API answers the first departure.',
  source:
    `${source.origin}, ${source.version}, ${source.entry} (${source.url}); the answers in the words of ` +
    "chat completions' validator (see chat-completions/definition).",
  check({ body }) {
    const issue = checkAgainstDefinition({ definition: openaiResponsesDefinition, value: body });
    if (issue === undefined) return undefined;
    return formatDefinitionIssue({ issue, definition: openaiResponsesDefinition, body });
  },
};
