import type { Model, ModelRequest } from '../model/model.js';
import { streamModelResponse, type ModelResponse } from './stream-model-response.js';

/** One model request read to its end, without events: for callers that want the response, not the stream. */
export async function readModelResponse({
  model,
  request,
}: {
  model: Model;
  request: ModelRequest;
}): Promise<ModelResponse> {
  const stream = streamModelResponse({ model, request, showStatus: false });
  for (;;) {
    const next = await stream.next();
    if (next.done === true) return next.value;
  }
}
