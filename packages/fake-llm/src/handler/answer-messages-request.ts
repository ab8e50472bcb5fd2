import { checkThinkingEcho } from '../anthropic/check-thinking-echo.js';
import { checkToolResults } from '../anthropic/check-tool-results.js';
import { createAnthropicEvents } from '../anthropic/create-anthropic-events.js';
import { createAnthropicMessage } from '../anthropic/create-anthropic-message.js';
import { parseMessagesRequestBody } from '../anthropic/messages-request-body.js';
import { planAnthropicAnswer } from '../anthropic/plan-anthropic-answer.js';
import { formatSseEvent } from '../stream/sse-event.js';
import { answerWithNextStep } from './answer-with-next-step.js';
import { createErrorResponse } from './create-error-response.js';
import type { FakeLlmState } from './fake-llm-state.js';
import { receiveRequest } from './receive-request.js';

/**
 * Answers one `POST /v1/messages`: routes it to its script, records it, checks it (tool results, thinking
 * echo, offered tools) and answers with the next step. A request the fake cannot answer (unknown script, script
 * run out, unreadable body) gets an Anthropic error that the SDKs do not retry, and a violation.
 */
export async function answerMessagesRequest(options: {
  request: Request;
  state: FakeLlmState;
}): Promise<Response> {
  const end = options.state.activity.begin();
  try {
    return await answer(options);
  } finally {
    end();
  }
}

async function answer(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  const { request, state } = options;
  const received = await receiveRequest({ request, state, createError: createErrorResponse });
  if (!received.success) return received.response;
  const { route, requestIndex, requestId } = received.value;
  const parsed = parseMessagesRequestBody(received.value.json);
  if (!parsed.success) {
    const message = `Fake LLM script '${route.name}', request ${requestIndex + 1}: not a Messages API request (${parsed.error}).`;
    route.addViolation({ type: 'invalid-request', requestIndex, message });
    return createErrorResponse({ status: 400, message, retry: false, requestId });
  }
  const body = parsed.value;
  const prefix = `Fake LLM script '${route.name}', request ${requestIndex + 1}`;
  for (const problem of checkToolResults(body.messages)) {
    route.addViolation({ type: problem.type, requestIndex, message: `${prefix}: ${problem.message}` });
  }
  for (const problem of checkThinkingEcho({ messages: body.messages, answers: route.answers })) {
    route.addViolation({ type: 'thinking-changed', requestIndex, message: `${prefix}: ${problem}` });
  }
  return answerWithNextStep({
    request,
    state,
    received: received.value,
    createError: createErrorResponse,
    offeredToolNames: body.toolNames,
    stream: body.stream,
    violationPrefix: prefix,
    createWire: (step) => ({
      createError: createErrorResponse,
      framing: 'anthropic',
      requestIdHeader: 'request-id',
      createContent() {
        const answer = planAnthropicAnswer({
          step,
          scenarioId: route.id,
          requestIndex,
          model: body.model,
          requestLength: received.value.bodyText.length,
        });
        route.answers.push(answer);
        return body.stream
          ? { type: 'stream', chunks: createAnthropicEvents(answer).map(formatSseEvent) }
          : { type: 'json', body: createAnthropicMessage(answer) };
      },
    }),
  });
}
