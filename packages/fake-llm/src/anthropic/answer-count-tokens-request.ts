import { createErrorResponse } from '../handler/create-error-response.js';
import type { Refusal } from '../handler/describe-refusal.js';
import type { FakeLlmState } from '../handler/fake-llm-state.js';
import { receiveRequest } from '../handler/receive-request.js';
import { refuseRequest } from '../handler/refuse-request.js';
import { findMessagesConversationRefusal, findMessagesRequestRefusal } from './apply-messages-rules.js';
import { estimatePromptTokens } from './estimate-prompt-tokens.js';
import { measureMediaAdjustment } from './measure-media.js';
import { parseMessagesRequestBody } from './messages-request-body.js';
import { readMessagesRequestContext } from './read-messages-request-context.js';

/**
 * Answers `POST /v1/messages/count_tokens` with `{ input_tokens }`: the fake's estimate of the request's prompt
 * (four characters of its body a token, as its answers to `POST /v1/messages` count input tokens). The body is
 * held to the Messages API's rules that counting takes part in (see `messagesRules`), with the count request's
 * own definition: the Messages body without `max_tokens`. It takes no step of the script.
 */
export function answerCountTokensRequest(options: {
  request: Request;
  state: FakeLlmState;
}): Promise<Response> {
  return options.state.activity.track(() => answer(options));
}

async function answer(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  const { request, state } = options;
  const arrived = await receiveRequest({
    ...options,
    endpoint: 'messages',
    createError: createErrorResponse,
  });
  if (!arrived.success) return arrived.response;
  const { route, json, bodyText } = arrived.value;
  const refuse = (refusal: Refusal) => refuseRequest({ state, scriptId: route.id, refusal });
  const relaxed = state.relaxedRules;
  const context = readMessagesRequestContext({
    request,
    body: json,
    operation: 'count-tokens',
    scriptModels: route.script.models,
  });
  const requestRefusal = findMessagesRequestRefusal({ context, relaxed });
  if (requestRefusal !== undefined) return refuse(requestRefusal);
  const parsed = parseMessagesRequestBody(json);
  if (!parsed.success) {
    return refuse({
      type: 'invalid-body',
      endpoint: 'messages',
      scriptName: route.name,
      problem: parsed.error,
    });
  }
  const { fields, messages, rawMessages } = parsed.value;
  const promptLength =
    bodyText.length + measureMediaAdjustment({ system: fields.system, messages: rawMessages });
  const conversationRefusal = findMessagesConversationRefusal({
    context: {
      ...context,
      fields,
      messages,
      rawMessages,
      tools: fields.tools,
      promptLength,
    },
    relaxed,
  });
  if (conversationRefusal !== undefined) return refuse(conversationRefusal);
  const body = { input_tokens: estimatePromptTokens(promptLength) };
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', 'request-id': 'req_fake_count_tokens' },
  });
}
