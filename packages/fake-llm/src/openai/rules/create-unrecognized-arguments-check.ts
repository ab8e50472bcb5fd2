import type { RequestDefinition } from '../../definitions/request-definition.js';
import { shortenForMessage } from '../../internal/shorten-for-message.js';
import type { RuleRefusal } from '../../rules/fake-llm-rule.js';
import { createDefinitionResolver } from '../../definitions/create-definition-resolver.js';

/**
 * A check of a body's top-level fields against those an OpenAI request definition has: OpenAI's answer naming
 * every unknown field, sorted ("Unrecognized request argument supplied: top_k"), or `undefined`. OpenAI's
 * definitions do not close their objects, so this is a rule of its own beside the definition's.
 */
export function createUnrecognizedArgumentsCheck(
  definition: RequestDefinition,
): (body: Record<string, unknown>) => RuleRefusal | undefined {
  const resolve = createDefinitionResolver(definition);
  const knownFields = new Set(Object.keys(resolve(definition.root).properties ?? {}));
  return (body) => {
    const unknown = Object.keys(body)
      .filter((field) => !knownFields.has(field))
      .sort();
    if (unknown.length === 0) return undefined;
    return {
      status: 400,
      type: 'invalid_request_error',
      code: null,
      message:
        unknown.length === 1
          ? `Unrecognized request argument supplied: ${shortenForMessage(String(unknown[0]))}`
          : `Unrecognized request arguments supplied: ${shortenForMessage(unknown.join(', '))}`,
    };
  };
}
