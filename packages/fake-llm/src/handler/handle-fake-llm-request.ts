import { answerChatCompletionsRequest } from '../openai/answer-chat-completions-request.js';
import { createErrorResponse } from './create-error-response.js';
import { answerMessagesRequest } from './answer-messages-request.js';
import type { FakeLlmState } from './fake-llm-state.js';
import { defaultScenarioId } from './fake-llm-state.js';
import { resolveScenarioId } from './resolve-scenario-id.js';

/**
 * Answers any request the way the fake's HTTP server does: `POST …/v1/messages` and
 * `POST …/v1/chat/completions` are answered, the rest is a 404.
 */
export async function handleFakeLlmRequest(options: {
  request: Request;
  state: FakeLlmState;
}): Promise<Response> {
  const { request, state } = options;
  const path = new URL(request.url).pathname;
  if (request.method === 'POST' && /\/v1\/messages\/?$/u.test(path)) return answerMessagesRequest(options);
  if (request.method === 'POST' && /\/v1\/chat\/completions\/?$/u.test(path)) {
    return answerChatCompletionsRequest(options);
  }
  const message =
    'The fake LLM answers POST /v1/messages and POST /v1/chat/completions (or /scenario/<id>/v1/…), ' +
    `not ${request.method} ${path}.`;
  state.records.violations.push({
    type: 'invalid-request',
    scenarioId: resolveScenarioId(request) ?? defaultScenarioId,
    requestIndex: -1,
    message,
  });
  return createErrorResponse({ status: 404, message, retry: false, requestId: 'req_fake_not_found' });
}
