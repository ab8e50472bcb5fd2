import { answerWithNextStep } from '../handler/answer-with-next-step.js';
import type { FakeLlmState } from '../handler/fake-llm-state.js';
import { receiveRequest } from '../handler/receive-request.js';
import { recordRequest } from '../handler/record-request.js';
import { createGeminiChunks } from './create-gemini-chunks.js';
import { createGeminiErrorResponse } from './create-gemini-error-response.js';
import { createGeminiPart, createGeminiResponse } from './create-gemini-response.js';
import { holdToGeminiRules } from './hold-to-gemini-rules.js';
import { planGeminiAnswer } from './plan-gemini-answer.js';
import { readGeminiPath } from './read-gemini-path.js';

/**
 * Answers one `POST …/v1beta/models/<model>:generateContent` or `:streamGenerateContent`: routes it to its script,
 * holds it to `geminiRules`, records it and answers with the next step as a `GenerateContentResponse`, its SSE
 * chunks (`alt=sse`), or those chunks as one JSON array (without `alt=sse`). A request the fake cannot answer gets
 * a Google-shaped error the SDKs do not retry, and a violation; a refused one also takes no step.
 */
export function answerGeminiRequest(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  return options.state.activity.track(() => answer(options));
}

async function answer(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  const { request, state } = options;
  const createError = createGeminiErrorResponse;
  const path = readGeminiPath(request);
  if (path === undefined) throw new Error(`Not a Gemini path: ${request.url}`);
  const arrived = await receiveRequest({ request, state, endpoint: 'gemini', createError });
  if (!arrived.success) return arrived.response;
  const held = holdToGeminiRules({ state, arrived: arrived.value, path });
  if (!held.success) return held.response;
  const { body, model } = held.value;
  const received = recordRequest({ request, arrived: arrived.value });
  const { route, requestIndex } = received;
  return answerWithNextStep({
    request,
    state,
    received,
    createError,
    offeredToolNames: body.toolNames,
    stream: path.delivery === 'sse',
    createWire: (step) => ({
      createError,
      framing: 'gemini',
      requestIdHeader: 'x-request-id',
      createContent() {
        const planned = planGeminiAnswer({
          step,
          scriptId: route.id,
          requestIndex,
          model: path.model,
          catalogued: model,
          request: body,
          requestLength: received.bodyText.length,
        });
        route.geminiAnswers.push(planned);
        if (path.delivery === 'sse') {
          const chunks = createGeminiChunks(planned).map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`);
          return { type: 'stream', chunks };
        }
        if (path.delivery === 'json-array') return { type: 'json', body: createGeminiChunks(planned) };
        const parts = planned.parts.map(createGeminiPart);
        const { candidatesTokens } = planned.usage;
        return {
          type: 'json',
          body: createGeminiResponse({ answer: planned, parts, candidatesTokens, last: true }),
        };
      },
    }),
  });
}
