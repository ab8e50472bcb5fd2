import type { DefinitionIssue, DefinitionPathSegment } from '../../definitions/check-against-definition.js';
import { openaiChatCompletionsDefinition } from '../../definitions/openai-chat-completions.generated.js';
import type { ChatCompletionsRefusalRule } from './chat-completions-rule.js';
import { formatDefinitionIssue } from './format-definition-issue.js';

const namePattern = /^[a-zA-Z0-9_-]+$/u;
const maxNameLength = 64;

/**
 * A function tool whose name has other characters than letters, digits, `_` and `-`, or more than 64: the
 * published definition says so in the name's description only, so its checker cannot see it.
 */
export const functionNameRule: ChatCompletionsRefusalRule = {
  id: 'chat-completions/function-name',
  wire: 'chat-completions',
  outcome: 'refuses',
  dialects: ['openai'],
  summary:
    'A function tool whose name has characters other than letters, digits, underscores and dashes, or more than 64.',
  source:
    'OpenAI\'s OpenAPI description, FunctionObject.name: "Must be a-z, A-Z, 0-9, or contain underscores and ' +
    'dashes, with a maximum length of 64." (a description, not a pattern of the schema); the answer as quoted in ' +
    'https://github.com/brekkylab/ailoy/pull/109 (pattern); a name too long answers in the form quoted for a ' +
    "description in https://github.com/nanbingxyz/5ire/issues/33 (the name's own is inferred).",
  check({ body }) {
    if (!Array.isArray(body.tools)) return undefined;
    for (const [index, tool] of (body.tools as unknown[]).entries()) {
      const name = readFunctionName(tool);
      if (name === undefined) continue;
      const issue = checkName({ name, path: ['tools', index, 'function', 'name'] });
      if (issue !== undefined) {
        return formatDefinitionIssue({ issue, definition: openaiChatCompletionsDefinition, body });
      }
    }
    return undefined;
  },
};

/** The name's departure from its description, as the definition's checker would report it had a pattern. */
function checkName(options: { name: string; path: DefinitionPathSegment[] }): DefinitionIssue | undefined {
  const { name, path } = options;
  if (!namePattern.test(name)) return { kind: 'pattern', path, pattern: namePattern.source, actual: name };
  const length = Array.from(name).length;
  return length > maxNameLength
    ? { kind: 'max-length', path, limit: maxNameLength, actual: length }
    : undefined;
}

function readFunctionName(tool: unknown): string | undefined {
  if (!isRecord(tool) || tool.type !== 'function' || !isRecord(tool.function)) return undefined;
  return typeof tool.function.name === 'string' ? tool.function.name : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
