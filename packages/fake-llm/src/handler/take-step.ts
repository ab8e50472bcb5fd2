import type { LlmStep } from '../script/llm-step.js';
import type { CreateErrorResponse } from './create-error-response.js';
import type { ReceivedRequest } from './record-request.js';

/**
 * The step that answers a received request; when the script has run out, a `script-exhausted` violation and a
 * 500 that names the script and the request, which the SDKs do not retry.
 */
export function takeStep(options: {
  received: ReceivedRequest;
  createError: CreateErrorResponse;
}): { success: true; value: LlmStep } | { success: false; response: Response } {
  const { route, requestIndex, requestId } = options.received;
  const step = route.script.steps[requestIndex];
  if (step !== undefined) return { success: true, value: step };
  const count = route.script.steps.length;
  const message =
    `Fake LLM script '${route.name}' has ${count} step${count === 1 ? '' : 's'}, but request ${requestIndex + 1} ` +
    `(index ${requestIndex}) arrived. Add a step, or find why the client made one more request than expected.`;
  route.addViolation({ type: 'script-exhausted', requestIndex, message });
  return { success: false, response: options.createError({ status: 500, message, retry: false, requestId }) };
}
