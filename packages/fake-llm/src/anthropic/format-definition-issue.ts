import type { DefinitionIssue, DefinitionPathSegment } from '../definitions/check-against-definition.js';
import type { DefinitionType } from '../definitions/request-definition.js';

/**
 * An issue with a request body in the Messages API's words: the field's dotted path, as its validator (pydantic)
 * names it — union variants chosen by their `type` included, `tools.0.custom.input_schema` — then pydantic's
 * message: "max_tokens: Field required", "foo: Extra inputs are not permitted", "max_tokens: Input should be a
 * valid integer".
 */
export function formatDefinitionIssue(issue: DefinitionIssue): string {
  const at = (path: DefinitionPathSegment[], message: string) => {
    const where = toApiPath(path);
    return where === '' ? message : `${where}: ${message}`;
  };
  switch (issue.kind) {
    case 'missing':
      return at(issue.path, 'Field required');
    case 'unknown-field':
      return at(issue.path, 'Extra inputs are not permitted');
    case 'type':
      return at(issue.path, describeType(issue.expected, issue.actual));
    case 'enum':
      return at(issue.path, `Input should be ${listValues(issue.allowed)}`);
    case 'tag':
      // The SDK's types tell messages apart by role; the API's validator reads `role` as a field of one message.
      if (issue.field !== 'type') {
        return at([...issue.path, issue.field], `Input should be ${listValues(issue.allowed)}`);
      }
      return at(
        issue.path,
        `Input tag '${String(issue.actual)}' found using 'type' does not match any of the expected tags: ` +
          [...issue.allowed]
            .sort()
            .map((tag) => `'${tag}'`)
            .join(', '),
      );
    case 'min-items':
      return at(
        issue.path,
        `List should have at least ${count(issue.limit, 'item')} after validation, not ${issue.actual}`,
      );
    case 'max-items':
      return at(
        issue.path,
        `List should have at most ${count(issue.limit, 'item')} after validation, not ${issue.actual}`,
      );
    case 'min-length':
      return at(issue.path, `String should have at least ${count(issue.limit, 'character')}`);
    case 'max-length':
      return at(issue.path, `String should have at most ${count(issue.limit, 'character')}`);
    case 'minimum':
      return at(issue.path, `Input should be greater than or equal to ${issue.limit}`);
    case 'maximum':
      return at(issue.path, `Input should be less than or equal to ${issue.limit}`);
    case 'exclusive-minimum':
      return at(issue.path, `Input should be greater than ${issue.limit}`);
    case 'exclusive-maximum':
      return at(issue.path, `Input should be less than ${issue.limit}`);
    case 'pattern':
      return at(issue.path, `String should match pattern '${issue.pattern}'`);
    default: {
      const unexpected: never = issue;
      throw new Error(`Unexpected definition issue ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * A path as the API's errors write it: `messages.0.content.0.text.cache_control`. The variant a `type` chose is
 * named (`tools.0.custom`, `thinking.enabled`); the role the SDK splits messages by is not.
 */
function toApiPath(path: DefinitionPathSegment[]): string {
  return path
    .filter((segment, index) => !(typeof segment === 'object' && path[index - 2] === 'messages'))
    .map((segment) => (typeof segment === 'object' ? segment.tag : String(segment)))
    .join('.');
}

const typeMessages: Record<DefinitionType, string> = {
  integer: 'Input should be a valid integer',
  number: 'Input should be a valid number',
  string: 'Input should be a valid string',
  boolean: 'Input should be a valid boolean',
  object: 'Input should be a valid dictionary or object to extract fields from',
  array: 'Input should be a valid list',
  null: 'Input should be None',
};

/** Pydantic's words for a value of the wrong type; of several types, the first that is not `null`. */
function describeType(expected: DefinitionType[], actual: string): string {
  const wanted = expected.find((type) => type !== 'null') ?? 'null';
  if (wanted === 'integer' && actual === 'number') {
    return `${typeMessages.integer}, got a number with a fractional part`;
  }
  return typeMessages[wanted];
}

/** Pydantic's list of allowed values: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
function listValues(values: readonly unknown[]): string {
  const quoted = values
    .filter((value) => value !== null)
    .map((value) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value)));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`;
}

function count(limit: number, noun: string): string {
  return `${limit} ${noun}${limit === 1 ? '' : 's'}`;
}
