import { ModelError } from '../errors/model-error.js';
import type { Model } from '../model/model.js';
import type { LlmProviderType } from './llm-config.js';
import { apiKeyEnvironmentVariables } from './resolve-api-key.js';

/**
 * The model of a session that has no API key, with the provider's missing-key error (an
 * `authentication_error` before any request was sent, which names the provider's own options) said in the
 * config's words: its `api_key` field and the environment variable read for its `type`.
 */
export function nameMissingApiKey({ model, type }: { model: Model; type: LlmProviderType }): Model {
  return {
    get provider() {
      return model.provider;
    },
    get modelId() {
      return model.modelId;
    },
    async *stream(request) {
      try {
        yield* model.stream(request);
      } catch (error) {
        if (!ModelError.isInstance(error) || error.status !== undefined) throw error;
        if (error.errorType !== 'authentication_error') throw error;
        throw new ModelError({
          message: `No API key for this '${type}' session: set \`api_key\` in its config or the ${apiKeyEnvironmentVariables[type]} environment variable.`,
          retryable: false,
          errorType: error.errorType,
          ...(error.provider === undefined ? {} : { provider: error.provider }),
          cause: error,
        });
      }
    },
  };
}
