import { checkOfferedTools } from '../anthropic/check-offered-tools.js';
import { checkThinkingEcho } from '../anthropic/check-thinking-echo.js';
import { checkToolResults } from '../anthropic/check-tool-results.js';
import { parseMessagesRequestBody } from '../anthropic/messages-request-body.js';
import { toIdSafe } from '../internal/to-id-safe.js';
import { createErrorResponse } from './create-error-response.js';
import { defaultScenarioId, type FakeLlmState } from './fake-llm-state.js';
import { resolveScenarioId } from './resolve-scenario-id.js';
import { respondWithStep } from './respond-with-step.js';
import { toRecordedRequest } from './to-recorded-request.js';

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
  const scenarioId = resolveScenarioId(request) ?? defaultScenarioId;
  const bodyText = await request.text();
  const route = state.routes.get(scenarioId);
  if (route === undefined) {
    const known = [...state.routes.keys()].map((id) => `'${id}'`).join(', ') || 'none';
    const message =
      `Fake LLM has no script '${scenarioId}' (it has: ${known}). Register one with fake.script(id, steps), ` +
      `or route the request with the 'x-toolloop-scenario' header or a '/scenario/<id>' base URL.`;
    state.records.violations.push({ type: 'unknown-script', scenarioId, requestIndex: -1, message });
    return createErrorResponse({ status: 500, message, retry: false, requestId: 'req_fake_unknown' });
  }

  const requestIndex = route.requests.length;
  const requestId = `req_fake_${toIdSafe(route.id)}_${requestIndex + 1}`;
  route.addRequest(toRecordedRequest({ request, bodyText, scenarioId, index: requestIndex }));
  const parsed = parseMessagesRequestBody(parseJson(bodyText));
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

  const step = route.script.steps[requestIndex];
  if (step === undefined) {
    const count = route.script.steps.length;
    const message =
      `Fake LLM script '${route.name}' has ${count} step${count === 1 ? '' : 's'}, but request ${requestIndex + 1} ` +
      `(index ${requestIndex}) arrived. Add a step, or find why the client made one more request than expected.`;
    route.addViolation({ type: 'script-exhausted', requestIndex, message });
    return createErrorResponse({ status: 500, message, retry: false, requestId });
  }
  const toolsProblem = checkOfferedTools({ toolNames: body.toolNames, expectTools: step.expectTools });
  if (toolsProblem !== undefined) {
    route.addViolation({ type: 'unexpected-tools', requestIndex, message: `${prefix}: ${toolsProblem}` });
  }
  return respondWithStep({
    step,
    body,
    route,
    requestIndex,
    signal: AbortSignal.any([request.signal, state.shutdown.signal]),
    shutdownSignal: state.shutdown.signal,
    requestLength: bodyText.length,
    requestId,
    activity: state.activity,
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
