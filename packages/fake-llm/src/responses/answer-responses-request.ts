import { answerWithNextStep } from '../handler/answer-with-next-step.js';
import type { FakeLlmState } from '../handler/fake-llm-state.js';
import { receiveRequest } from '../handler/receive-request.js';
import { recordRequest } from '../handler/record-request.js';
import { createOpenAiErrorResponse } from '../openai/create-openai-error-response.js';
import { createOutputItem, createResponseObject } from './create-response-object.js';
import { createResponsesEvents } from './create-responses-events.js';
import { holdToResponsesRules } from './hold-to-responses-rules.js';
import { planResponsesAnswer } from './plan-responses-answer.js';
import type { ResponsesAnswer } from './responses-answer.js';

/**
 * Answers one `POST /v1/responses`: routes it to its script, holds it to `responsesRules`, records it and
 * answers with the next step as a response object or its SSE events. A response the client got whole, created
 * with `store` on, is kept: its conversation for `previous_response_id`, its items for `item_reference`. A
 * request the fake cannot answer gets an OpenAI-shaped error the SDKs do not retry, and a violation; a refused
 * one also takes no step.
 */
export function answerResponsesRequest(options: {
  request: Request;
  state: FakeLlmState;
}): Promise<Response> {
  return options.state.activity.track(() => answer(options));
}

async function answer(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  const { request, state } = options;
  const createError = createOpenAiErrorResponse;
  const arrived = await receiveRequest({ request, state, endpoint: 'responses', createError });
  if (!arrived.success) return arrived.response;
  const held = holdToResponsesRules({ state, arrived: arrived.value });
  if (!held.success) return held.response;
  const { body, conversation } = held.value;
  const received = recordRequest({ request, arrived: arrived.value });
  const { route, requestIndex } = received;
  let planned: ResponsesAnswer | undefined;
  return answerWithNextStep({
    request,
    state,
    received,
    createError,
    offeredToolNames: body.toolNames,
    stream: body.stream,
    onSettled(completed) {
      if (!completed || planned === undefined || !body.store) return;
      const output = planned.output.map((item) =>
        createOutputItem({ item, stage: 'done', includesEncryptedReasoning: true }),
      );
      for (const item of output) route.responses.items.set(String(item.id), item);
      route.responses.conversations.set(planned.id, [...conversation, ...output]);
    },
    createWire: (step) => ({
      createError,
      framing: 'responses',
      requestIdHeader: 'x-request-id',
      createContent() {
        const answer = planResponsesAnswer({
          step,
          scriptId: route.id,
          requestIndex,
          model: body.model,
          requestLength: received.bodyText.length,
        });
        planned = answer;
        route.responsesAnswers.push(answer);
        if (!body.stream) {
          return {
            type: 'json',
            body: createResponseObject({ answer, request: body, status: answer.status }),
          };
        }
        return { type: 'stream', chunks: createResponsesEvents({ answer, request: body }) };
      },
    }),
  });
}
