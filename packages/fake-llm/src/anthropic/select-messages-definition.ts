import { anthropicBetaCountTokens20230601Definition } from '../definitions/anthropic-beta-count-tokens-2023-06-01.generated.js';
import { anthropicBetaCountTokens20261021Definition } from '../definitions/anthropic-beta-count-tokens-2026-10-21.generated.js';
import { anthropicBetaMessages20230601Definition } from '../definitions/anthropic-beta-messages-2023-06-01.generated.js';
import { anthropicBetaMessages20261021Definition } from '../definitions/anthropic-beta-messages-2026-10-21.generated.js';
import { anthropicCountTokens20230601Definition } from '../definitions/anthropic-count-tokens-2023-06-01.generated.js';
import { anthropicCountTokens20261021Definition } from '../definitions/anthropic-count-tokens-2026-10-21.generated.js';
import { anthropicMessages20230601Definition } from '../definitions/anthropic-messages-2023-06-01.generated.js';
import { anthropicMessages20261021Definition } from '../definitions/anthropic-messages-2026-10-21.generated.js';
import type { DefinitionSchema, RequestDefinition } from '../definitions/request-definition.js';
import type { MessagesApiVersion } from './messages-api-version.js';
import type { MessagesOperation } from './messages-rule-context.js';

type DefinitionsByVersion = Record<MessagesApiVersion, { ga: RequestDefinition; beta: RequestDefinition }>;

const definitions: Record<MessagesOperation, DefinitionsByVersion> = {
  messages: {
    '2023-06-01': { ga: anthropicMessages20230601Definition, beta: anthropicBetaMessages20230601Definition },
    '2026-10-21': { ga: anthropicMessages20261021Definition, beta: anthropicBetaMessages20261021Definition },
  },
  'count-tokens': {
    '2023-06-01': {
      ga: anthropicCountTokens20230601Definition,
      beta: anthropicBetaCountTokens20230601Definition,
    },
    '2026-10-21': {
      ga: anthropicCountTokens20261021Definition,
      beta: anthropicBetaCountTokens20261021Definition,
    },
  },
};

const withIntegers = new WeakMap<RequestDefinition, RequestDefinition>();

/**
 * The definition a request is held to: the SDK's `messages.create` (or `messages.countTokens`) request for its
 * `anthropic-version`, the `beta.messages` one for a beta request. Token counts (`max_tokens`, `budget_tokens`,
 * `max_content_tokens`) and `top_k` are whole numbers there, as the API takes them: the SDK types them `number`,
 * the API refuses `1024.5` with "Input should be a valid integer".
 */
export function selectMessagesDefinition(options: {
  operation: MessagesOperation;
  version: MessagesApiVersion;
  beta: boolean;
}): RequestDefinition {
  const versions = definitions[options.operation][options.version];
  const definition = options.beta ? versions.beta : versions.ga;
  let adjusted = withIntegers.get(definition);
  if (adjusted === undefined) {
    adjusted = {
      ...definition,
      definitions: Object.fromEntries(
        Object.entries(definition.definitions).map(([name, schema]) => [name, withIntegerCounts(schema)]),
      ),
    };
    withIntegers.set(definition, adjusted);
  }
  return adjusted;
}

/** The fields the API takes as whole numbers, which the SDK's types call numbers. */
const isIntegerField = (field: string) => field.endsWith('_tokens') || field === 'top_k';

function withIntegerCounts(schema: DefinitionSchema): DefinitionSchema {
  const nested: DefinitionSchema = { ...schema };
  if (schema.properties !== undefined) {
    nested.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([field, property]) => [
        field,
        isIntegerField(field) ? toInteger(property) : withIntegerCounts(property),
      ]),
    );
  }
  if (schema.items !== undefined) nested.items = withIntegerCounts(schema.items);
  if (typeof schema.additionalProperties === 'object')
    nested.additionalProperties = withIntegerCounts(schema.additionalProperties);
  if (schema.anyOf !== undefined) nested.anyOf = schema.anyOf.map(withIntegerCounts);
  return nested;
}

function toInteger(schema: DefinitionSchema): DefinitionSchema {
  const { type } = schema;
  if (type === 'number') return { ...schema, type: 'integer' };
  if (Array.isArray(type))
    return { ...schema, type: type.map((name) => (name === 'number' ? 'integer' : name)) };
  return schema;
}
