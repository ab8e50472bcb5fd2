import type { Span, Tracer } from '@opentelemetry/api';
import type { LoopEvent } from '../loop/loop-event.js';
import type { LoopResult } from '../loop/loop-result.js';
import type { ResolvedLoopOptions } from '../loop/tool-loop-options.js';
import { genAi, toolloopAttributes } from './gen-ai-attributes.js';
import { readModelNames } from '../model/read-model-names.js';
import { loadedOpenTelemetry, loadOpenTelemetry, type OpenTelemetry } from './load-open-telemetry.js';
import { markFailed, traceModel } from './trace-model.js';

type RunTurn = (options: ResolvedLoopOptions, signal: AbortSignal) => AsyncGenerator<LoopEvent, LoopResult>;

/**
 * Runs a turn as `run` does, recorded as OpenTelemetry spans when `@opentelemetry/api` is installed and the
 * options do not turn tracing off, following the semantic conventions for generative AI: an
 * `invoke_agent {agent}` span for the turn (its stop reason, rounds, requests and tokens), a `chat {model}`
 * span for each model request and an `execute_tool {tool}` span for each tool call under it. Content (tool
 * arguments and results, the answer) only with `captureContent`.
 *
 * A turn whose span is the API's no-op (no tracer provider registered: not recording, and no trace to belong
 * to) is run as it is, without spans for its requests and calls: they would be no-ops too, and a provider
 * registered while the turn runs would only get requests and calls cut off from their turn.
 */
export function traceTurn({
  options,
  signal,
  run,
}: {
  options: ResolvedLoopOptions;
  signal: AbortSignal;
  run: RunTurn;
}): AsyncGenerator<LoopEvent, LoopResult> {
  if (options.telemetry.enabled === false) return run(options, signal);
  // Once the API has been looked for (the first turn of the process), a turn that records nothing starts as
  // it is, without a layer between it and its events.
  const loaded = loadedOpenTelemetry();
  if (loaded === undefined) return traceAfterLoading({ options, signal, run });
  if (loaded.api === undefined) return run(options, signal);
  const turnSpan = startTurnSpan({ options, api: loaded.api });
  return turnSpan === undefined
    ? run(options, signal)
    : traceTurnWith({ options, signal, run, api: loaded.api, turnSpan });
}

async function* traceAfterLoading({
  options,
  signal,
  run,
}: {
  options: ResolvedLoopOptions;
  signal: AbortSignal;
  run: RunTurn;
}): AsyncGenerator<LoopEvent, LoopResult> {
  const api = await loadOpenTelemetry();
  const turnSpan = api === undefined ? undefined : startTurnSpan({ options, api });
  if (api === undefined || turnSpan === undefined) return yield* run(options, signal);
  return yield* traceTurnWith({ options, signal, run, api, turnSpan });
}

/** The turn's span, or `undefined` when it is the API's no-op (see `traceTurn`). */
function startTurnSpan({
  options,
  api,
}: {
  options: ResolvedLoopOptions;
  api: OpenTelemetry;
}): { span: Span; tracer: Tracer } | undefined {
  const settings = options.telemetry;
  const tracer = (settings.tracer as Tracer | undefined) ?? api.trace.getTracer('toolloop');
  const agentName = settings.agentName ?? 'toolloop';
  const { provider, modelId } = readModelNames(options.model);
  const span = tracer.startSpan(`invoke_agent ${agentName}`, {
    kind: api.SpanKind.INTERNAL,
    attributes: {
      [genAi.operationName]: 'invoke_agent',
      [genAi.agentName]: agentName,
      [genAi.providerName]: provider,
      [genAi.requestModel]: modelId,
    },
  });
  if (!span.isRecording() && !api.isSpanContextValid(span.spanContext())) {
    span.end();
    return undefined;
  }
  return { span, tracer };
}

async function* traceTurnWith({
  options,
  signal,
  run,
  api,
  turnSpan: { span: turnSpan, tracer },
}: {
  options: ResolvedLoopOptions;
  signal: AbortSignal;
  run: RunTurn;
  api: OpenTelemetry;
  turnSpan: { span: Span; tracer: Tracer };
}): AsyncGenerator<LoopEvent, LoopResult> {
  const settings = options.telemetry;
  const parent = api.trace.setSpan(api.context.active(), turnSpan);
  const toolSpans = new Map<string, Span>();
  const onEvent = (event: LoopEvent) => {
    if (event.type === 'tool-start') {
      toolSpans.set(
        event.toolCallId,
        tracer.startSpan(
          `execute_tool ${event.name}`,
          {
            kind: api.SpanKind.INTERNAL,
            attributes: {
              [genAi.operationName]: 'execute_tool',
              [genAi.toolName]: event.name,
              [genAi.toolCallId]: event.toolCallId,
              [genAi.toolType]: 'function',
              ...(settings.captureContent === true
                ? { [genAi.toolCallArguments]: JSON.stringify(event.input) }
                : {}),
            },
          },
          parent,
        ),
      );
    }
    if (event.type === 'tool-result') {
      const span = toolSpans.get(event.toolCallId);
      if (span === undefined) return;
      toolSpans.delete(event.toolCallId);
      span.setAttribute(toolloopAttributes.toolExecuted, event.executed);
      if (settings.captureContent === true)
        span.setAttribute(genAi.toolCallResult, JSON.stringify(event.output));
      if (event.isError) {
        // What a failing tool said is content too: without captureContent the status only says it failed.
        const message =
          settings.captureContent === true
            ? event.output.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n')
            : event.executed
              ? 'The tool call failed.'
              : 'The loop answered the call without running it.';
        markFailed({ api, span, type: event.executed ? 'tool_error' : 'tool_refused', message });
      }
      span.end();
    }
  };

  const turn = run({ ...options, model: traceModel({ model: options.model, api, tracer, parent }) }, signal);
  let result: LoopResult | undefined;
  try {
    for (;;) {
      const next = await turn.next();
      if (next.done === true) {
        result = next.value;
        break;
      }
      onEvent(next.value);
      yield next.value;
    }
    turnSpan.setAttributes({
      [toolloopAttributes.stopReason]: result.stopReason,
      [toolloopAttributes.rounds]: result.rounds,
      [toolloopAttributes.iterations]: result.iterations,
      [genAi.inputTokens]: result.usage.inputTokens,
      [genAi.outputTokens]: result.usage.outputTokens,
      ...(settings.captureContent === true
        ? {
            [genAi.outputMessages]: JSON.stringify([
              { role: 'assistant', parts: [{ type: 'text', content: result.text }] },
            ]),
          }
        : {}),
    });
    if (result.error !== undefined)
      markFailed({ api, span: turnSpan, type: result.stopReason, message: result.error.message });
    return result;
  } catch (error) {
    markFailed({
      api,
      span: turnSpan,
      type: error instanceof Error ? error.name : typeof error,
      message: error instanceof Error ? error.message : String(error),
    });
    throw error;
  } finally {
    if (result === undefined) await turn.return(undefined as never).catch(() => undefined);
    // A call still open when the turn ended (it never got its result event) ends with the turn.
    for (const span of toolSpans.values()) span.end();
    turnSpan.end();
  }
}
