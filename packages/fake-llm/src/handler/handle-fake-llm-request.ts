import { answerCountTokensRequest } from '../anthropic/answer-count-tokens-request.js';
import { answerChatCompletionsRequest } from '../openai/answer-chat-completions-request.js';
import { answerOllamaChatRequest } from '../ollama/answer-ollama-chat-request.js';
import { answerResponsesRequest } from '../responses/answer-responses-request.js';
import { answerGeminiRequest } from '../gemini/answer-gemini-request.js';
import { answerBedrockRequest } from '../bedrock/answer-bedrock-request.js';
import { answerMessagesRequest } from './answer-messages-request.js';
import type { FakeLlmState } from './fake-llm-state.js';
import { findEndpoint, findOperation } from './find-endpoint.js';
import { findUnknownPathApi } from './find-unknown-path-api.js';
import { refuseRequest } from './refuse-request.js';
import { resolveScriptId } from './resolve-script-id.js';

/**
 * Answers any request the way the fake's HTTP server does: `POST …/v1/messages`,
 * `POST …/v1/messages/count_tokens`, `POST …/v1/chat/completions`, `POST …/v1/responses`, Gemini's
 * `POST …/v1beta/models/<model>:generateContent` (and `:streamGenerateContent`), Bedrock's
 * `POST …/model/<modelId>/converse(-stream)` and Ollama's `POST /api/chat` are answered; any other path gets a 404 in
 * the error shape of the API it was meant for (see `findUnknownPathApi`), another method on those paths the error
 * the real API gives (see `refuseRequest`).
 */
export async function handleFakeLlmRequest(options: {
  request: Request;
  state: FakeLlmState;
}): Promise<Response> {
  const { request, state } = options;
  const path = new URL(request.url).pathname;
  const operation = findOperation(path);
  const { method } = request;
  if (method === 'POST') {
    if (operation === 'messages') return answerMessagesRequest(options);
    if (operation === 'count-tokens') return answerCountTokensRequest(options);
    if (operation === 'chat-completions') return answerChatCompletionsRequest(options);
    if (operation === 'responses') return answerResponsesRequest(options);
    if (operation === 'ollama-chat') return answerOllamaChatRequest(options);
    if (operation === 'gemini') return answerGeminiRequest(options);
    if (operation === 'bedrock-converse') return answerBedrockRequest(options);
  }
  const endpoint = operation === undefined ? undefined : findEndpoint(operation);
  const scriptId = resolveScriptId({ path, headers: request.headers });
  return refuseRequest({
    state,
    scriptId,
    refusal:
      endpoint === undefined
        ? { type: 'unknown-path', method, path, api: findUnknownPathApi({ path, headers: request.headers }) }
        : { type: 'wrong-method', endpoint, method, path },
  });
}
