import type { Model, ModelRequest } from '../model/model.js';

/**
 * The same model, telling `onRequest` about every request before it is sent. A session keeps the last one:
 * it holds the turn's transcript as far as the loop got, which is saved if the turn fails.
 */
export function watchModelRequests(model: Model, onRequest: (request: ModelRequest) => void): Model {
  return {
    get provider() {
      return model.provider;
    },
    get modelId() {
      return model.modelId;
    },
    get supportsStructuredOutput() {
      return model.supportsStructuredOutput;
    },
    stream(request) {
      onRequest(request);
      return model.stream(request);
    },
  };
}
