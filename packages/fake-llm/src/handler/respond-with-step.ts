import { resolve } from 'node:path';
import type { ActivityTracker } from '../internal/create-activity-tracker.js';
import { wait, waitForAbort } from '../internal/wait.js';
import type { StreamPosition, StreamRecord } from '../records/stream-record.js';
import type { FakeLlmScriptState } from '../script/fake-llm-script-handle.js';
import type { LlmStep } from '../script/llm-step.js';
import { createEventStream } from '../stream/create-event-stream.js';
import { readReplayChunks, type ReplayFraming } from '../stream/read-replay-chunks.js';
import type { CreateErrorResponse } from './create-error-response.js';
import { trackXmlToolBlocks } from './track-xml-tool-blocks.js';

/** What a wire makes of a step's content: a JSON body, or framed stream events. */
export type StepContent =
  | { type: 'json'; body: unknown }
  | { type: 'stream'; chunks: Array<string | Uint8Array>; xmlToolBlockStarts?: StreamPosition[] };

/** What differs between the wires when a step is answered. */
export interface StepWire {
  createError: CreateErrorResponse;
  /** How `.chunks.jsonl` recordings are framed. */
  framing: ReplayFraming;
  /** The response header that carries the request id (`request-id`, `x-request-id`). */
  requestIdHeader: string;
  /** The content-type of a stream; default `text/event-stream; charset=utf-8` (SSE). */
  streamContentType?: string;
  /** Plans the scripted content (called once, only when the step has content to send). */
  createContent(): StepContent;
}

/**
 * Answers one request with its step, for either wire: waits `delayMs`, then sends the error, the recording, a
 * hang, or the scripted content as an SSE stream or a JSON body. Every wait ends when the client aborts.
 */
export async function respondWithStep(options: {
  step: LlmStep;
  /** Whether the request asked for a stream. */
  stream: boolean;
  route: FakeLlmScriptState;
  requestIndex: number;
  requestId: string;
  /** Aborts when the client goes away or the fake closes. */
  signal: AbortSignal;
  /** Aborts when the fake closes: a stream it ends is not a client abort. */
  shutdownSignal: AbortSignal;
  activity: ActivityTracker;
  wire: StepWire;
  /**
   * Called once the answer is over: `true` when the client got the scripted content whole (a JSON body, or a
   * stream that completed), `false` for anything else (an error, a cut or aborted stream, a recording, a hang).
   */
  onSettled?: (completed: boolean) => void;
  /** Called once nothing of the answer waits on `signal` any more: when it is returned, or when its stream ends. */
  onDone?: () => void;
}): Promise<Response> {
  const settle = options.onSettled ?? (() => undefined);
  const done = options.onDone ?? (() => undefined);
  // Set by the answer itself when it becomes a stream (control flow cannot see it, so an object holds it).
  const answer = { streaming: false };
  try {
    return await respond({
      ...options,
      settle,
      streamStarted: () => {
        answer.streaming = true;
      },
      done,
    });
  } catch (error) {
    settle(false);
    throw error;
  } finally {
    if (!answer.streaming) done();
  }
}

async function respond(
  options: Omit<Parameters<typeof respondWithStep>[0], 'onSettled' | 'onDone'> & {
    settle: (completed: boolean) => void;
    /** Called once the answer is a stream, which calls `done` when it ends (it may have ended already). */
    streamStarted: () => void;
    done: () => void;
  },
): Promise<Response> {
  const { step, route, requestIndex, requestId, signal, wire, settle } = options;
  if (step.delayMs !== undefined && step.delayMs > 0) {
    await wait({ ms: step.delayMs, signal });
    if (signal.aborted) {
      settle(false);
      return Response.error();
    }
  }
  if (step.error !== undefined) {
    settle(false);
    return wire.createError({
      ...step.error,
      message: step.error.message ?? `Fake LLM error step (HTTP ${step.error.status}).`,
      requestId,
    });
  }
  const scriptError = (message: string) => {
    settle(false);
    const full = `Fake LLM script '${route.name}': ${message}`;
    route.addViolation({ type: 'script-error', requestIndex, message: full });
    return wire.createError({ status: 500, message: full, retry: false, requestId });
  };
  if (!options.stream && step.replay !== undefined) {
    return scriptError(
      `Step ${requestIndex} replays '${step.replay}', but the request is not streaming (no "stream": true).`,
    );
  }
  if (!options.stream && step.hang === true) {
    await waitForAbort(signal);
    settle(false);
    return Response.error();
  }
  let content: StepContent;
  if (step.replay === undefined) {
    content = wire.createContent();
  } else {
    const path = resolve(route.script.baseDirectory ?? process.cwd(), step.replay);
    try {
      content = { type: 'stream', chunks: await readReplayChunks({ path, framing: wire.framing }) };
      // A recording's reply is not the fake's own, so no thread is kept for it.
      settle(false);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return scriptError(`Step ${requestIndex} cannot replay '${path}': ${reason}`);
    }
  }
  if (content.type === 'json') {
    settle(step.truncate === undefined);
    const text = JSON.stringify(content.body);
    return new Response(step.truncate === undefined ? text : text.slice(0, Math.floor(text.length / 2)), {
      headers: { 'content-type': 'application/json', [wire.requestIdHeader]: requestId },
    });
  }
  const { chunks } = content;
  const record: StreamRecord = {
    scriptId: route.id,
    requestIndex,
    eventsSent: 0,
    bytesSent: 0,
    eventsPlanned: chunks.length,
    bytesPlanned: chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0),
    status: 'open',
    clientAborted: false,
  };
  const onSent =
    content.xmlToolBlockStarts === undefined
      ? undefined
      : trackXmlToolBlocks({ record, starts: content.xmlToolBlockStarts });
  route.addStream(record);
  const endActivity = options.activity.begin();
  const endRouteActivity = route.activity.begin();
  const body = createEventStream({
    chunks,
    chunkDelayMs: step.chunkDelayMs,
    truncateAfter: step.truncate?.afterEvents,
    hang: step.hang,
    signal,
    isClientAbort: () => !options.shutdownSignal.aborted,
    record,
    onSent,
    onEnd: () => {
      settle(record.status === 'completed');
      endActivity();
      endRouteActivity();
      options.done();
    },
  });
  const response = new Response(body, {
    headers: {
      'content-type': wire.streamContentType ?? 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      [wire.requestIdHeader]: requestId,
    },
  });
  // Only now is the stream's end the answer's: anything thrown before leaves `done` to respondWithStep.
  options.streamStarted();
  return response;
}
