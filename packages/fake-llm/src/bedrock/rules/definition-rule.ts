import {
  checkAgainstDefinition,
  type DefinitionIssue,
  type DefinitionPathSegment,
} from '../../definitions/check-against-definition.js';
import { bedrockConverseDefinition } from '../../definitions/bedrock-converse.generated.js';
import type { BedrockRule } from './bedrock-rule.js';

const { source } = bedrockConverseDefinition;

/**
 * A body that departs from the request's definition, answered as a 400 ValidationException naming the field:
 * `1 validation error detected: Value at 'inferenceConfig.maxTokens' failed to satisfy constraint: Member must
 * be a number`.
 */
export const definitionRule: BedrockRule = {
  id: 'bedrock/definition',
  wire: 'bedrock',
  outcome: 'refuses',
  summary:
    'A body that departs from the published types of the request (a field of another type, a field the request ' +
    'does not have, a content block of no known kind, a value not listed), answered for the first departure.',
  source:
    `${source.origin}, ${source.version}, ${source.entry} (${source.url}). The words are the fake's own, in the ` +
    "form of AWS's validation errors (`1 validation error detected: Value at '<field>' failed to satisfy " +
    "constraint: …`); no public thread quotes Bedrock's answer for each kind of departure.",
  check({ body }) {
    const issue = checkAgainstDefinition({ definition: bedrockConverseDefinition, value: body });
    if (issue === undefined) return undefined;
    return {
      status: 400,
      type: 'ValidationException',
      message: `1 validation error detected: Value at '${toPath(issue.path)}' failed to satisfy constraint: ${describe(issue)}`,
    };
  },
};

/** A path as Bedrock's messages write one: `messages.1.content.0.toolUse`. */
function toPath(path: readonly DefinitionPathSegment[]): string {
  return path.map((segment) => (typeof segment === 'object' ? segment.tag : String(segment))).join('.');
}

function describe(issue: DefinitionIssue): string {
  switch (issue.kind) {
    case 'missing':
      return 'Member must not be null';
    case 'unknown-field':
      return 'Member is not a field of the request';
    case 'type':
      return `Member must be ${issue.expected.map((type) => `a ${type}`).join(' or ')}`;
    case 'enum':
      return `Member must satisfy enum value set: [${issue.allowed.map(String).join(', ')}]`;
    case 'tag':
      return `Member must be one of: ${issue.allowed.join(', ')}`;
    case 'min-items':
    case 'min-length':
      return `Member must have length greater than or equal to ${issue.limit}`;
    case 'max-items':
    case 'max-length':
      return `Member must have length less than or equal to ${issue.limit}`;
    case 'minimum':
    case 'exclusive-minimum':
      return `Member must have value greater than or equal to ${issue.limit}`;
    case 'maximum':
    case 'exclusive-maximum':
      return `Member must have value less than or equal to ${issue.limit}`;
    case 'pattern':
      return `Member must satisfy regular expression pattern: ${issue.pattern}`;
    default: {
      const unexpected: never = issue;
      throw new Error(`Unexpected definition issue ${JSON.stringify(unexpected)}`);
    }
  }
}
