import type { DefinitionIssue } from '../../definitions/check-against-definition.js';
import { ollamaChatGoTypes } from '../ollama-chat-definition.js';

/** A value kind as Go's decoder names it in an `UnmarshalTypeError`. */
const goValueKinds: Readonly<Record<string, string>> = {
  object: 'object',
  array: 'array',
  string: 'string',
  number: 'number',
  boolean: 'bool',
  null: 'null',
};

/**
 * The words of Ollama's server for the first value its decoder could not read (gin's `ShouldBindJSON`, Go's
 * encoding/json): `json: cannot unmarshal <kind> into Go struct field ChatRequest.<path> of type <Go type>`;
 * a `think` of another value, `api.ThinkValue`'s own error; tool-call arguments that are no object, the error
 * of the ordered map Ollama reads them into. `undefined` for an issue the server would not raise.
 */
export function formatGoDecodeError(options: { issue: DefinitionIssue; body: unknown }): string | undefined {
  const { issue } = options;
  const names = issue.path.filter((segment): segment is string => typeof segment === 'string');
  const field = names.join('.');
  if (field === 'think') {
    return issue.kind === 'enum' && typeof issue.actual === 'string'
      ? `invalid think value: ${JSON.stringify(issue.actual)} (must be "high", "medium", "low", "max", true, or false)`
      : 'think must be a boolean or string ("high", "medium", "low", "max", true, or false)';
  }
  if (field === 'messages.tool_calls.function.arguments') {
    return "Value looks like object, but can't find closing '}' symbol";
  }
  if (issue.kind !== 'type') return undefined;
  const key = typeof issue.path.at(-1) === 'number' ? `${field}[]` : field;
  const goType = ollamaChatGoTypes[key];
  if (goType === undefined) return undefined;
  const kind =
    issue.actual === 'number' && issue.expected.includes('integer')
      ? `number ${String(readAt(options.body, issue.path))}`
      : goValueKinds[issue.actual];
  return `json: cannot unmarshal ${kind ?? issue.actual} into Go struct field ChatRequest.${field} of type ${goType}`;
}

function readAt(body: unknown, path: DefinitionIssue['path']): unknown {
  let value = body;
  for (const segment of path) {
    if (typeof segment === 'object' || typeof value !== 'object' || value === null) continue;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}
