import { answerWithNextStep } from '../handler/answer-with-next-step.js';
import type { FakeLlmState } from '../handler/fake-llm-state.js';
import { receiveRequest } from '../handler/receive-request.js';
import { recordRequest } from '../handler/record-request.js';
import { refuseRequest } from '../handler/refuse-request.js';
import { resolveChatCompletionsQuirks } from './chat-completions-dialect.js';
import { parseChatCompletionsRequestBody } from './chat-completions-request-body.js';
import { checkReasoningEcho } from './check-reasoning-echo.js';
import { checkResponseFormat } from './check-response-format.js';
import { checkToolMessages } from './check-tool-messages.js';
import { createChatCompletion } from './create-chat-completion.js';
import { createChatCompletionChunks } from './create-chat-completion-chunks.js';
import { createOpenAiErrorResponse } from './create-openai-error-response.js';
import { planChatCompletionsAnswer } from './plan-chat-completions-answer.js';

/**
 * Answers one `POST /v1/chat/completions`: routes it to its script, records it, checks it (tool messages,
 * reasoning echo, offered tools) and answers with the next step, shaped by the script's `dialect`, `quirks`
 * and `toolFormat`. A request the fake cannot answer gets an OpenAI-shaped error the SDKs do not retry, and a
 * violation; one it refuses (not JSON, not a chat completions request, too large) also takes no step.
 */
export async function answerChatCompletionsRequest(options: {
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
  const createError = createOpenAiErrorResponse;
  const arrived = await receiveRequest({ request, state, endpoint: 'chat-completions', createError });
  if (!arrived.success) return arrived.response;
  const parsed = parseChatCompletionsRequestBody(arrived.value.json);
  if (!parsed.success) {
    return refuseRequest({
      state,
      scenarioId: arrived.value.route.id,
      refusal: {
        type: 'invalid-body',
        endpoint: 'chat-completions',
        scriptName: arrived.value.route.name,
        problem: parsed.error,
      },
    });
  }
  const formatProblem = checkResponseFormat(parsed.value.responseFormat);
  if (formatProblem !== undefined) {
    return refuseRequest({
      state,
      scenarioId: arrived.value.route.id,
      refusal: { type: 'output-format', endpoint: 'chat-completions', ...formatProblem },
    });
  }
  const received = recordRequest({ request, arrived: arrived.value });
  const { route, requestIndex } = received;
  const prefix = `Fake LLM script '${route.name}', request ${requestIndex + 1}`;
  const body = parsed.value;
  const { script } = route;
  const quirks = resolveChatCompletionsQuirks({ dialect: script.dialect, quirks: script.quirks });
  for (const problem of checkToolMessages(body.messages)) {
    route.addViolation({ type: problem.type, requestIndex, message: `${prefix}: ${problem.message}` });
  }
  const { reasoningField } = quirks;
  const reasoningProblems =
    reasoningField === 'none'
      ? []
      : checkReasoningEcho({
          messages: body.messages,
          answers: route.chatCompletionsAnswers,
          reasoningField,
        });
  for (const problem of reasoningProblems) {
    route.addViolation({ type: 'reasoning-not-echoed', requestIndex, message: `${prefix}: ${problem}` });
  }
  return answerWithNextStep({
    request,
    state,
    received,
    createError: createError,
    offeredToolNames: body.toolNames,
    stream: body.stream,
    violationPrefix: prefix,
    createWire: (step) => ({
      createError,
      framing: 'chat-completions',
      requestIdHeader: 'x-request-id',
      createContent() {
        const toolFormat = script.toolFormat ?? 'native';
        const answer = planChatCompletionsAnswer({
          step,
          scenarioId: route.id,
          requestIndex,
          model: body.model,
          requestLength: received.bodyText.length,
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
