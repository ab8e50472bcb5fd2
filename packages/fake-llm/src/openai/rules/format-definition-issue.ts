import type { DefinitionIssue } from '../../definitions/check-against-definition.js';
import type { RequestDefinition } from '../../definitions/request-definition.js';
import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { RuleRefusal } from '../../rules/fake-llm-rule.js';
import { createDefinitionResolver } from '../../definitions/create-definition-resolver.js';
import { describeExpectedValue, describeSentValue, joinList } from './describe-expected-value.js';
import { findSchemaAtPath } from './find-schema-at-path.js';
import { toOpenAiParam } from './to-openai-param.js';

/**
 * The order in which OpenAI's answers list the values a field takes, where it is not the definition's: roles
 * (an answer quoted in `run-llama/llama_index` and Go tests of production errors) and `response_format.type`.
 * Values the definition has and the list lacks follow in the definition's order.
 */
const listedOrders: Record<string, readonly string[]> = {
  'messages[].role': ['system', 'assistant', 'user', 'function', 'tool', 'developer'],
  'messages[].content[].type': ['text', 'image_url', 'input_audio', 'refusal', 'audio', 'file'],
  'response_format.type': ['json_object', 'json_schema', 'text'],
};

/**
 * OpenAI's answer to a chat completions body that departs from its published definition: the status, `message`,
 * `param` and `code` its validator gives for each kind of departure, including its special forms (a missing
 * `model`, a `tool` message without `tool_call_id`, a message whose content is missing or null).
 */
export function formatDefinitionIssue(options: {
  issue: DefinitionIssue;
  definition: RequestDefinition;
  body: unknown;
}): RuleRefusal {
  const { issue } = options;
  const param = toOpenAiParam(issue.path);
  // `at: null` answers with no param, as OpenAI does for a missing model.
  const refuse = (message: string, code: string | null, at: string | null = param): RuleRefusal => ({
    status: 400,
    type: 'invalid_request_error',
    message,
    code,
    ...(at === null ? {} : { param: at }),
  });
  const messageIndex = readMessageIndex(issue.path);
  switch (issue.kind) {
    case 'missing':
      if (param === 'model') return refuse('you must provide a model parameter', null, null);
      if (messageIndex !== undefined && param === `messages[${String(messageIndex)}].tool_call_id`) {
        return refuse(
          "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.",
          null,
          toOpenAiParam(issue.path, { dotBeforeIndex: true }),
        );
      }
      if (messageIndex !== undefined && param === `messages[${String(messageIndex)}].content`) {
        return refuseNullContent(issue, refuse);
      }
      return refuse(`Missing required parameter: '${param}'.`, 'missing_required_parameter');
    case 'unknown-field':
      return refuse(`Unknown parameter: '${param}'.`, 'unknown_parameter');
    case 'type': {
      if (
        messageIndex !== undefined &&
        param === `messages[${String(messageIndex)}].content` &&
        issue.actual === 'null'
      ) {
        return refuseNullContent(issue, refuse);
      }
      const resolve = createDefinitionResolver(options.definition);
      const schema = findSchemaAtPath({ definition: options.definition, path: issue.path });
      const expected =
        schema === undefined
          ? joinList(
              issue.expected.filter((type) => type !== 'null'),
              'or',
            )
          : describeExpectedValue({ schema, resolve });
      const sent = describeSentValue(readAtPath(options.body, issue));
      return refuse(
        `Invalid type for '${param}': expected ${expected}, but got ${sent} instead.`,
        'invalid_type',
      );
    }
    case 'enum':
      return refuse(describeInvalidValue(issue.actual, issue.allowed, param), 'invalid_value');
    case 'tag': {
      const tagParam = toOpenAiParam([...issue.path, issue.field]);
      return refuse(describeInvalidValue(issue.actual, issue.allowed, tagParam), 'invalid_value', tagParam);
    }
    case 'min-items':
      if (issue.actual === 0) {
        return refuse(
          `Invalid '${param}': empty array. Expected an array with minimum length ${String(issue.limit)}, but got an empty array instead.`,
          'empty_array',
        );
      }
      return refuseLength({ issue, param, refuse, what: 'array' });
    case 'max-items':
      return refuseLength({ issue, param, refuse, what: 'array' });
    case 'min-length':
    case 'max-length':
      return refuseLength({ issue, param, refuse, what: 'string' });
    case 'minimum':
    case 'maximum':
    case 'exclusive-minimum':
    case 'exclusive-maximum': {
      const kind = issue.integer ? 'integer' : 'decimal';
      const above = issue.kind === 'maximum' || issue.kind === 'exclusive-maximum';
      const comparison = { minimum: '>=', maximum: '<=', 'exclusive-minimum': '>', 'exclusive-maximum': '<' }[
        issue.kind
      ];
      return refuse(
        `Invalid '${param}': ${kind} ${above ? 'above maximum' : 'below minimum'} value. Expected a value ${comparison} ${String(issue.limit)}, but got ${String(issue.actual)} instead.`,
        `${kind}_${above ? 'above_max' : 'below_min'}_value`,
      );
    }
    case 'pattern':
      return refuse(
        `Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '${issue.pattern}'.`,
        'invalid_value',
      );
    default: {
      const unexpected: never = issue;
      throw new Error(`Unexpected definition issue ${JSON.stringify(unexpected)}`);
    }
  }
}

/** A list or a string too short or too long: `Invalid 'x': array too long. Expected an array with maximum …`. */
function refuseLength(options: {
  issue: Extract<DefinitionIssue, { kind: 'min-items' | 'max-items' | 'min-length' | 'max-length' }>;
  param: string;
  refuse: (message: string, code: string | null) => RuleRefusal;
  what: 'array' | 'string';
}): RuleRefusal {
  const { issue, param, refuse, what } = options;
  const long = issue.kind === 'max-items' || issue.kind === 'max-length';
  const article = what === 'array' ? 'an' : 'a';
  return refuse(
    `Invalid '${param}': ${what} too ${long ? 'long' : 'short'}. Expected ${article} ${what} with ${long ? 'maximum' : 'minimum'} length ${String(issue.limit)}, but got ${article} ${what} with length ${String(issue.actual)} instead.`,
    `${what}_${long ? 'above_max' : 'below_min'}_length`,
  );
}

/** A message's content missing or null: OpenAI answers with the field's name alone and the dotted index. */
function refuseNullContent(
  issue: DefinitionIssue,
  refuse: (message: string, code: string | null, at?: string | null) => RuleRefusal,
): RuleRefusal {
  return refuse(
    "Invalid value for 'content': expected a string, got null.",
    null,
    toOpenAiParam(issue.path, { dotBeforeIndex: true }),
  );
}

function describeInvalidValue(actual: unknown, allowed: readonly unknown[], param: string): string {
  const order = listedOrders[param.replace(/\[\d+\]/gu, '[]')] ?? [];
  const rank = (value: unknown) => {
    const index = order.indexOf(String(value));
    return index === -1 ? order.length : index;
  };
  const values = [...allowed]
    .map((value, index) => ({ value, index }))
    .sort((left, right) => rank(left.value) - rank(right.value) || left.index - right.index)
    .map(({ value }) => quote(value));
  return `Invalid value: ${quote(actual)}. Supported values are: ${joinList(values, 'and')}.`;
}

function quote(value: unknown): string {
  return shortenForMessage(typeof value === 'string' ? `'${value}'` : JSON.stringify(value));
}

/** The index of the message a path points into (`messages[N]…`), if it does. */
function readMessageIndex(path: DefinitionIssue['path']): number | undefined {
  const [field, index] = path;
  return field === 'messages' && typeof index === 'number' ? index : undefined;
}

function readAtPath(body: unknown, issue: DefinitionIssue): unknown {
  let value = body;
  for (const segment of issue.path) {
    if (typeof segment === 'object') continue;
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}
