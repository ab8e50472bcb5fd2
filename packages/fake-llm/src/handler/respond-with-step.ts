import { resolve } from 'node:path';
import type { AnthropicAnswer } from '../anthropic/anthropic-answer.js';
import { createAnthropicEvents } from '../anthropic/create-anthropic-events.js';
import { createAnthropicMessage } from '../anthropic/create-anthropic-message.js';
import type { MessagesRequestBody } from '../anthropic/messages-request-body.js';
import { planAnthropicAnswer } from '../anthropic/plan-anthropic-answer.js';
import type { ActivityTracker } from '../internal/create-activity-tracker.js';
import { wait, waitForAbort } from '../internal/wait.js';
import type { StreamRecord } from '../records/stream-record.js';
import type { FakeLlmRouteState } from '../route/fake-llm-route.js';
import type { LlmStep } from '../script/llm-step.js';
import { createEventStream } from '../stream/create-event-stream.js';
import { readReplayChunks } from '../stream/read-replay-chunks.js';
import { formatSseEvent } from '../stream/sse-event.js';
import { createErrorResponse } from './create-error-response.js';

/**
 * Answers one request with its step: waits `delayMs`, then sends the error, the recording, a hang, or the
 * scripted content as an SSE stream (`stream: true`) or a JSON message. Every wait ends when the client aborts.
 */
export async function respondWithStep(options: {
  step: LlmStep;
  body: MessagesRequestBody;
  route: FakeLlmRouteState;
  requestIndex: number;
  /** Aborts when the client goes away or the fake closes. */
  signal: AbortSignal;
  /** Aborts when the fake closes: a stream it ends is not a client abort. */
  shutdownSignal: AbortSignal;
  requestLength: number;
  requestId: string;
  activity: ActivityTracker;
}): Promise<Response> {
  const { step, body, route, requestIndex, requestId, signal } = options;
  if (step.delayMs !== undefined && step.delayMs > 0) {
    await wait({ ms: step.delayMs, signal });
    if (signal.aborted) return Response.error();
  }
  if (step.error !== undefined) {
    return createErrorResponse({
      ...step.error,
      message: step.error.message ?? `Fake LLM error step (HTTP ${step.error.status}).`,
      requestId,
    });
  }
  if (!body.stream && step.replay !== undefined) {
    return createScriptError({
      route,
      requestIndex,
      requestId,
      message: `Step ${requestIndex} replays '${step.replay}', but the request is not streaming (no "stream": true).`,
    });
  }
  if (!body.stream && step.hang === true) {
    await waitForAbort(signal);
    return Response.error();
  }
  let chunks: string[];
  if (step.replay === undefined) {
    const answer = planAnthropicAnswer({
      step,
      scenarioId: route.id,
      requestIndex,
      model: body.model,
      requestLength: options.requestLength,
    });
    route.answers.push(answer);
    if (!body.stream) return createJsonResponse({ answer, requestId, truncate: step.truncate !== undefined });
    chunks = createAnthropicEvents(answer).map(formatSseEvent);
  } else {
    const path = resolve(route.script.baseDirectory ?? process.cwd(), step.replay);
    try {
      chunks = await readReplayChunks(path);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return createScriptError({
        route,
        requestIndex,
        requestId,
        message: `Step ${requestIndex} cannot replay '${path}': ${reason}`,
      });
    }
  }
  const record: StreamRecord = {
    scenarioId: route.id,
    requestIndex,
    eventsSent: 0,
    bytesSent: 0,
    eventsPlanned: chunks.length,
    status: 'open',
    clientAborted: false,
  };
  route.addStream(record);
  const stream = createEventStream({
    chunks,
    chunkDelayMs: step.chunkDelayMs,
    truncateAfter: step.truncate?.afterEvents,
    hang: step.hang,
    signal,
    isClientAbort: () => !options.shutdownSignal.aborted,
    record,
    onEnd: options.activity.begin(),
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'request-id': requestId,
    },
  });
}

function createJsonResponse(options: {
  answer: AnthropicAnswer;
  requestId: string;
  truncate: boolean;
}): Response {
  const text = JSON.stringify(createAnthropicMessage(options.answer));
  return new Response(options.truncate ? text.slice(0, Math.floor(text.length / 2)) : text, {
    headers: { 'content-type': 'application/json', 'request-id': options.requestId },
  });
}

function createScriptError(options: {
  route: FakeLlmRouteState;
  requestIndex: number;
  requestId: string;
  message: string;
}): Response {
  const message = `Fake LLM script '${options.route.name}': ${options.message}`;
  options.route.addViolation({ type: 'script-error', requestIndex: options.requestIndex, message });
  return createErrorResponse({ status: 500, message, retry: false, requestId: options.requestId });
}
