import { checkAgainstDefinition } from '../../definitions/check-against-definition.js';
import { openaiChatCompletionsDefinition } from '../../definitions/openai-chat-completions.generated.js';
import type { ChatCompletionsRefusalRule } from './chat-completions-rule.js';
import { formatDefinitionIssue } from './format-definition-issue.js';

const { source } = openaiChatCompletionsDefinition;

/**
 * A body that departs from OpenAI's published definition of the request, answered as OpenAI's validator answers
 * the first departure. OpenAI's own: other servers take other fields and values.
 */
export const definitionRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/definition',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary:
    'A body that departs from the published definition of the request (a field missing, of another type, a value ' +
    'not listed, a number out of bounds, an empty list), answered as the API answers the first departure.',
  source:
    `${source.origin}, ${source.version}, ${source.entry} (${source.url}). The answers in the API's words: ` +
    'missing parameter https://github.com/Leon-Sander/Local-Multimodal-AI-Chat/issues/43, no model ' +
    'https://github.com/danielmiessler/Fabric/issues/239, tool message without tool_call_id ' +
    'https://github.com/run-llama/multi-agent-concierge/pull/16, empty array ' +
    'https://github.com/CopilotKit/CopilotKit/issues/529, invalid value ' +
    'https://github.com/run-llama/llama_index/issues/20120, invalid type ' +
    'https://github.com/diffbot/code-gpt-docs/issues/273; the decimal bounds, the role list and null content as ' +
    'captured from the API in public code (no issue on record); integer bounds, lengths and the type words other ' +
    'than those quoted are inferred from their siblings.',
  check({ body }) {
    const issue = checkAgainstDefinition({ definition: openaiChatCompletionsDefinition, value: body });
    if (issue === undefined) return undefined;
    return formatDefinitionIssue({ issue, definition: openaiChatCompletionsDefinition, body });
  },
};
