import {
  checkAgainstDefinition,
  type DefinitionIssue,
  type DefinitionPathSegment,
} from '../../definitions/check-against-definition.js';
import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { RuleRefusal } from '../../rules/fake-llm-rule.js';
import { geminiDefinition } from '../gemini-definition.js';
import type { GeminiRule } from './gemini-rule.js';

const { source } = geminiDefinition;

/** A path as Google's answers name it: snake_case fields, `[i]` items (`contents[0].parts[1].function_call`). */
function toGooglePath(path: readonly DefinitionPathSegment[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string') {
      const snake = segment.replace(/[A-Z]/gu, (letter) => `_${letter.toLowerCase()}`);
      text += text === '' ? snake : `.${snake}`;
    }
  }
  return text;
}

/** The proto type an answer names for a value of the wrong kind. */
const protoTypes: Record<string, string> = {
  string: 'TYPE_STRING',
  number: 'TYPE_FLOAT',
  integer: 'TYPE_INT32',
  boolean: 'TYPE_BOOL',
  object: 'TYPE_MESSAGE',
  array: 'TYPE_MESSAGE',
};

function formatIssue(issue: DefinitionIssue, body: unknown): RuleRefusal {
  const at = toGooglePath(issue.path);
  switch (issue.kind) {
    case 'unknown-field': {
      const name = issue.path.at(-1);
      const field = typeof name === 'string' || typeof name === 'number' ? String(name) : '';
      const parent = toGooglePath(issue.path.slice(0, -1));
      return {
        status: 400,
        message: `Invalid JSON payload received. Unknown name "${shortenForMessage(field)}"${parent === '' ? '' : ` at '${parent}'`}: Cannot find field.`,
      };
    }
    case 'missing':
      return { status: 400, message: `* GenerateContentRequest.${at}: ${at} is not specified` };
    case 'enum':
      return {
        status: 400,
        message: `Invalid value at '${at}' (TYPE_ENUM), ${shortenForMessage(describeValue(issue.actual))}`,
      };
    case 'type':
      return {
        status: 400,
        message: `Invalid value at '${at}' (${protoTypes[issue.expected[0] ?? 'object'] ?? 'TYPE_MESSAGE'}), ${shortenForMessage(describeValue(readAt(body, issue.path)))}`,
      };
    case 'tag':
    case 'min-items':
    case 'max-items':
    case 'min-length':
    case 'max-length':
    case 'minimum':
    case 'maximum':
    case 'exclusive-minimum':
    case 'exclusive-maximum':
    case 'pattern':
      return { status: 400, message: `Invalid value at '${at}'.` };
    default: {
      const unexpected: never = issue;
      throw new Error(`Unexpected definition issue ${JSON.stringify(unexpected)}`);
    }
  }
}

/** A sent value as the answers quote it: JSON (a string in quotes). */
function describeValue(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

function readAt(body: unknown, path: readonly DefinitionPathSegment[]): unknown {
  let value = body;
  for (const segment of path) {
    if (typeof segment === 'object') continue;
    value =
      typeof value === 'object' && value !== null
        ? (value as Record<string | number, unknown>)[segment]
        : undefined;
  }
  return value;
}

/**
 * A body that departs from the definition of the request, answered as Google's JSON parser answers the first
 * departure: an unknown field, a value of another type or not listed.
 */
export const definitionRule: GeminiRule = {
  id: 'gemini/definition',
  wire: 'gemini',
  outcome: 'refuses',
  summary:
    'A body that departs from the definition of the request (an unknown field, a value of another type or not ' +
    'listed), answered as the API answers the first departure; snake_case field names are read as camelCase.',
  source:
    `${source.origin}, ${source.version} (${source.url}); enum values may be lower case (clients send them so) and a Schema's int64 limits ` +
    'numbers. The unknown-field answer as quoted in https://github.com/google-gemini/gemini-cli/issues/13972 and ' +
    'https://github.com/zed-industries/zed/issues/44875; a wrong value in the form quoted in ' +
    "https://github.com/simonw/llm-gemini/issues/49, with the fake's own type names (TYPE_ENUM, TYPE_MESSAGE); a " +
    "missing contents in the fake's own words.",
  check({ body }) {
    const issue = checkAgainstDefinition({ definition: geminiDefinition, value: body });
    return issue === undefined ? undefined : formatIssue(issue, body);
  },
};
