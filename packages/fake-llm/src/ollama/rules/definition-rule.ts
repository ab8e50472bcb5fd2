import { checkAgainstDefinition } from '../../definitions/check-against-definition.js';
import { ollamaChatDefinition } from '../ollama-chat-definition.js';
import { formatGoDecodeError } from './format-go-decode-error.js';
import type { OllamaChatRule } from './ollama-chat-rule.js';

const { source } = ollamaChatDefinition;

/**
 * A value of another type than the server's request types hold (`content` as a list, tool-call `arguments` as
 * a string, `think: 'maximal'`), answered as Ollama's decoder answers the first one. Unknown fields pass, as the
 * server ignores them.
 */
export const definitionRule: OllamaChatRule = {
  id: 'ollama/definition',
  wire: 'ollama',
  outcome: 'refuses',
  summary:
    "A field whose value is of another type than the server's request types say (a message's content as a " +
    'list, tool-call arguments as a string, an unknown think level); unknown fields are taken.',
  source:
    `${source.origin}, ${source.version} (${source.url}); the answers as quoted in ` +
    'https://github.com/ollama/ollama/issues/10255 ("json: cannot unmarshal array into Go struct field ' +
    'ChatRequest.messages.content of type string"), https://github.com/David-Kunz/gen.nvim/issues/72 (a message ' +
    'that is no object), and for arguments sent as a string https://github.com/Bobsilvio/ha-claude/issues/19 ' +
    'and https://github.com/openclaw/openclaw/pull/47182; think values from api.ThinkValue.UnmarshalJSON.',
  check({ body }) {
    const issue = checkAgainstDefinition({ definition: ollamaChatDefinition, value: body });
    if (issue === undefined) return undefined;
    const message = formatGoDecodeError({ issue, body });
    return message === undefined ? undefined : { status: 400, message };
  },
};
