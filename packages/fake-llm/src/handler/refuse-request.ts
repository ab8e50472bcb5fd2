import { shortenForMessage } from '../internal/shorten-for-message.js';
import { createOpenAiErrorResponse } from '../openai/create-openai-error-response.js';
import { createErrorResponse, type CreateErrorResponse } from './create-error-response.js';
import { createOllamaErrorResponse } from './create-ollama-error-response.js';
import { createGeminiErrorResponse } from '../gemini/create-gemini-error-response.js';
import { createBedrockErrorResponse } from '../bedrock/create-bedrock-error-response.js';
import { describeRefusal, type Refusal, type RefusalAnswer } from './describe-refusal.js';
import { defaultScriptId, type FakeLlmState } from './fake-llm-state.js';

const errorShapes: Record<RefusalAnswer['endpoint'], CreateErrorResponse> = {
  messages: createErrorResponse,
  'chat-completions': createOpenAiErrorResponse,
  responses: createOpenAiErrorResponse,
  gemini: createGeminiErrorResponse,
  bedrock: createBedrockErrorResponse,
  ollama: createOllamaErrorResponse,
};

/**
 * Answers a request the fake will not take with the status and error JSON the real API gives (in the shape of
 * the API the path names), `x-should-retry: false`, and an `invalid-request` violation on the script it was for.
 * The script is left as it was: the violation's `requestIndex` is the step the next request to it will take
 * (-1 when the fake has no script by that id).
 */
export function refuseRequest(options: {
  state: FakeLlmState;
  /** The script the request named (by path or header); the default script when it named none. */
  scriptId: string | undefined;
  refusal: Refusal;
}): Response {
  const { state } = options;
  const answer = describeRefusal(options.refusal);
  const scriptId = options.scriptId ?? defaultScriptId;
  const violationMessage = answer.violationMessage ?? answer.message;
  const route = state.routes.get(scriptId);
  if (route === undefined) {
    state.records.violations.push({
      type: 'invalid-request',
      scriptId: shortenForMessage(scriptId),
      requestIndex: -1,
      message: violationMessage,
    });
  } else {
    route.addViolation({
      type: 'invalid-request',
      requestIndex: route.requests.length,
      message: violationMessage,
    });
  }
  const createError = errorShapes[answer.endpoint];
  const response = createError({
    status: answer.status,
    type: answer.type,
    message: answer.message,
    retry: false,
    requestId: 'req_fake_refused',
    ...(answer.errorCode === undefined ? {} : { details: { error_code: answer.errorCode } }),
    ...(answer.param === undefined ? {} : { param: answer.param }),
    ...(answer.code === undefined ? {} : { code: answer.code }),
  });
  if (answer.allowPost === true) response.headers.set('allow', 'POST');
  return response;
}
