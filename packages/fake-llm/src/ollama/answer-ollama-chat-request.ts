import { answerWithNextStep } from '../handler/answer-with-next-step.js';
import { createOllamaErrorResponse } from '../handler/create-ollama-error-response.js';
import type { FakeLlmState } from '../handler/fake-llm-state.js';
import { receiveRequest } from '../handler/receive-request.js';
import { recordRequest } from '../handler/record-request.js';
import { createOllamaChatLines, createOllamaChatObject } from './create-ollama-chat-objects.js';
import { holdToOllamaChatRules } from './hold-to-ollama-chat-rules.js';
import { planOllamaChatAnswer } from './plan-ollama-chat-answer.js';

/**
 * Answers one `POST /api/chat` of Ollama's native API: routes it to its script, holds it to `ollamaChatRules`,
 * records it and answers with the next step as NDJSON (`application/x-ndjson`, the default, as Ollama streams
 * unless the body says `"stream": false`) or one JSON object. Errors take Ollama's `{ "error": "…" }` shape.
 */
export function answerOllamaChatRequest(options: {
  request: Request;
  state: FakeLlmState;
}): Promise<Response> {
  return options.state.activity.track(() => answer(options));
}

async function answer(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  const { request, state } = options;
  const createError = createOllamaErrorResponse;
  const arrived = await receiveRequest({ request, state, endpoint: 'ollama', createError });
  if (!arrived.success) return arrived.response;
  const held = holdToOllamaChatRules({ state, arrived: arrived.value });
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
      framing: 'ollama',
      // Ollama sends no request id; the fake's goes in a header of its own.
      requestIdHeader: 'x-request-id',
      streamContentType: 'application/x-ndjson',
      createContent() {
        const planned = planOllamaChatAnswer({
          step,
          scriptId: route.id,
          requestIndex,
          model: body.model,
          requestLength: received.bodyText.length,
        });
        if (!body.stream) return { type: 'json', body: createOllamaChatObject(planned) };
        return { type: 'stream', chunks: createOllamaChatLines(planned) };
      },
    }),
  });
}
