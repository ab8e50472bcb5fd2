import { checkAgainstDefinition } from '../../definitions/check-against-definition.js';
import { openaiResponsesDefinition } from '../../definitions/openai-responses.generated.js';
import { formatDefinitionIssue } from '../../openai/rules/format-definition-issue.js';
import type { RequestDefinition } from '../../definitions/request-definition.js';
import type { ResponsesRule } from './responses-rule.js';

const { source } = openaiResponsesDefinition;

/**
 * Fields the description marks required that the API takes without: a function tool's `strict` (the API
 * defaults it, and `@ai-sdk/openai` leaves it out unless asked to).
 */
const optionalInPractice: Readonly<Record<string, readonly string[]>> = {
  FunctionTool: ['strict'],
  // An assistant message sent back as input: clients send it without the id and status of the answer it came
  // from (@ai-sdk/openai does), and the API's validator lists output_text among the content types it takes
  // (https://github.com/MervinPraison/PraisonAI/issues/3934).
  OutputMessage: ['id', 'status'],
  OutputTextContent: ['annotations', 'logprobs'],
};

const definition: RequestDefinition = {
  ...openaiResponsesDefinition,
  definitions: Object.fromEntries(
    Object.entries(openaiResponsesDefinition.definitions).map(([name, schema]) => {
      const optional = optionalInPractice[name];
      if (optional === undefined) return [name, schema];
      return [name, { ...schema, required: schema.required?.filter((field) => !optional.includes(field)) }];
    }),
  ),
};

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
    "chat completions' validator (see chat-completions/definition). A function tool's strict, which the " +
    "description marks required, may be left out: the API defaults it; so may an assistant message's id and " +
    "status and its text's annotations and logprobs (output_text is among the content types the validator " +
    'lists, https://github.com/MervinPraison/PraisonAI/issues/3934).',
  check({ body }) {
    const issue = checkAgainstDefinition({ definition, value: body });
    if (issue === undefined) return undefined;
    return formatDefinitionIssue({ issue, definition, body });
  },
};
