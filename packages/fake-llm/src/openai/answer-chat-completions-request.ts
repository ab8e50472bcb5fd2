import { answerWithNextStep } from '../handler/answer-with-next-step.js';
import type { FakeLlmState } from '../handler/fake-llm-state.js';
import { receiveRequest } from '../handler/receive-request.js';
import { nameScriptRequest, recordRequest } from '../handler/record-request.js';
import { resolveChatCompletionsQuirks } from './chat-completions-dialect.js';
import { chatCompletionsRules } from './chat-completions-rules.js';
import { createChatCompletion } from './create-chat-completion.js';
import { createChatCompletionChunks } from './create-chat-completion-chunks.js';
import { createOpenAiErrorResponse } from './create-openai-error-response.js';
import { holdToChatCompletionsRules } from './hold-to-chat-completions-rules.js';
import { measureChatMediaAdjustment } from './measure-chat-media.js';
import { planChatCompletionsAnswer } from './plan-chat-completions-answer.js';
import { findChatCompletionsReports } from './rules/apply-chat-completions-rules.js';

/**
 * Answers one `POST /v1/chat/completions`: routes it to its script, holds it to the rules of the script's dialect
 * (`chatCompletionsRules`), records it and answers with the next step, shaped by the script's `dialect`, `quirks`
 * and `toolFormat`. A request the fake cannot answer gets an OpenAI-shaped error the SDKs do not retry, and a
 * violation; one it refuses (not JSON, too large, not a chat completions request, a refusing rule broken) also
 * takes no step.
 */
export function answerChatCompletionsRequest(options: {
  request: Request;
  state: FakeLlmState;
}): Promise<Response> {
  return options.state.activity.track(() => answer(options));
}

async function answer(options: { request: Request; state: FakeLlmState }): Promise<Response> {
  const { request, state } = options;
  const createError = createOpenAiErrorResponse;
  const arrived = await receiveRequest({ request, state, endpoint: 'chat-completions', createError });
  if (!arrived.success) return arrived.response;
  const { script } = arrived.value.route;
  const quirks = resolveChatCompletionsQuirks({ dialect: script.dialect, quirks: script.quirks });
  const held = holdToChatCompletionsRules({ state, arrived: arrived.value, quirks });
  if (!held.success) return held.response;
  const { body, context } = held.value;
  const received = recordRequest({ request, arrived: arrived.value });
  const { route, requestIndex } = received;
  const prefix = nameScriptRequest(received);
  const relaxed = state.relaxedRules;
  for (const report of findChatCompletionsReports({ rules: chatCompletionsRules, context, relaxed })) {
    route.addViolation({ type: report.type, requestIndex, message: `${prefix}: ${report.message}` });
  }
  return answerWithNextStep({
    request,
    state,
    received,
    createError: createError,
    offeredToolNames: body.toolNames,
    stream: body.stream,
    createWire: (step) => ({
      createError,
      framing: 'chat-completions',
      requestIdHeader: 'x-request-id',
      createContent() {
        const toolFormat = script.toolFormat ?? 'native';
        const answer = planChatCompletionsAnswer({
          step,
          scriptId: route.id,
          requestIndex,
          model: body.model,
          // Images, PDFs and audio count the tokens the fake counts for them, not their base64 data's length.
          requestLength: received.bodyText.length + measureChatMediaAdjustment(received.json),
          toolFormat,
          sendsReasoning: quirks.reasoningField !== 'none',
        });
        route.chatCompletionsAnswers.push(answer);
        if (!body.stream) return { type: 'json', body: createChatCompletion({ answer, quirks }) };
        const { chunks, xmlToolBlockStarts } = createChatCompletionChunks({
          answer,
          quirks,
          includeUsage: body.includeUsage,
        });
        return toolFormat === 'xml'
          ? { type: 'stream', chunks, xmlToolBlockStarts }
          : { type: 'stream', chunks };
      },
    }),
  });
}
