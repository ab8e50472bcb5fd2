import type { Model, ModelRequest } from '@toolloop/core';

/** The same model, telling `onRequest` each time a request starts (for the report's timeline). */
export function instrumentModel(model: Model, onRequest: (request: ModelRequest) => void): Model {
  return {
    provider: model.provider,
    modelId: model.modelId,
    ...(model.supportsStructuredOutput === undefined
      ? {}
      : { supportsStructuredOutput: model.supportsStructuredOutput }),
    stream(request) {
      onRequest(request);
      return model.stream(request);
    },
  };
}
