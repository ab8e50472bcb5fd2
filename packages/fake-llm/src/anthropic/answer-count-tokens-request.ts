import { createErrorResponse } from '../handler/create-error-response.js';
import type { FakeLlmState } from '../handler/fake-llm-state.js';
import { receiveRequest } from '../handler/receive-request.js';
import { estimatePromptTokens } from './estimate-prompt-tokens.js';

/**
 * Answers `POST /v1/messages/count_tokens` with `{ input_tokens }`: the fake's estimate of the request's prompt,
 * the same count its answers to `POST /v1/messages` report as input tokens. It takes no step of the script.
 */
export async function answerCountTokensRequest(options: {
  request: Request;
  state: FakeLlmState;
}): Promise<Response> {
  const end = options.state.activity.begin();
  try {
    const arrived = await receiveRequest({
      ...options,
      endpoint: 'messages',
      createError: createErrorResponse,
    });
    if (!arrived.success) return arrived.response;
    const body = { input_tokens: estimatePromptTokens(arrived.value.bodyText.length) };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_fake_count_tokens' },
    });
  } finally {
    end();
  }
}
