import { answerWithNextStep } from '../handler/answer-with-next-step.js';
import type { FakeLlmState } from '../handler/fake-llm-state.js';
import { receiveRequest } from '../handler/receive-request.js';
import { recordRequest } from '../handler/record-request.js';
import { readBedrockPath } from './bedrock-path.js';
import { createBedrockErrorResponse } from './create-bedrock-error-response.js';
import { createBedrockEvents } from './create-bedrock-events.js';
import { createConverseResponse } from './create-converse-response.js';
import { holdToBedrockRules } from './hold-to-bedrock-rules.js';
import { planBedrockAnswer } from './plan-bedrock-answer.js';

/**
 * Answers one `POST /model/<modelId>/converse-stream` (the answer's events in the AWS event-stream encoding)
 * or `POST /model/<modelId>/converse` (JSON): routes it to its script, holds it to `bedrockRules`, records it
 * and answers with the next step. A request the fake cannot answer gets Bedrock's error shape and a violation;
 * a refused one also takes no step.
 */
export function answerBedrockRequest(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  return options.state.activity.track(() => answer(options));
}

async function answer(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  const { request, state } = options;
  const path = readBedrockPath(new URL(request.url).pathname);
  if (path === undefined) throw new Error(`Not a Converse path: ${request.url}`);
  const createError = createBedrockErrorResponse;
  const arrived = await receiveRequest({ request, state, endpoint: 'bedrock', createError });
  if (!arrived.success) return arrived.response;
  const held = holdToBedrockRules({ state, arrived: arrived.value, request, ...path });
  if (!held.success) return held.response;
  const body = held.value;
  const received = recordRequest({ request, arrived: arrived.value });
  const { route, requestIndex } = received;
  return answerWithNextStep({
    request,
    state,
    received,
    createError,
    offeredToolNames: body.toolNames,
    stream: body.stream,
    createWire: (step) => ({
      createError,
      framing: 'bedrock',
      requestIdHeader: 'x-amzn-requestid',
      streamContentType: 'application/vnd.amazon.eventstream',
      createContent() {
        const planned = planBedrockAnswer({
          step,
          scriptId: route.id,
          requestIndex,
          modelId: body.modelId,
          requestLength: received.bodyText.length,
        });
        route.bedrockAnswers.push(planned);
        if (!body.stream) return { type: 'json', body: createConverseResponse(planned) };
        return { type: 'stream', chunks: createBedrockEvents(planned) };
      },
    }),
  });
}
