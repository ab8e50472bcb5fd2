import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { FinishPart, Model, ModelRequest, ModelStreamPart } from '../model/model.js';
import { genAi } from './gen-ai-attributes.js';
import type { OpenTelemetry } from './load-open-telemetry.js';

/**
 * The same model, each of whose requests is a `chat {model}` client span under `parent`: the provider, the
 * model and its token limit, then the finish reason and the tokens the response reports, or the error.
 */
export function traceModel({
  model,
  api,
  tracer,
  parent,
}: {
  model: Model;
  api: OpenTelemetry;
  tracer: Tracer;
  parent: Context;
}): Model {
  return {
    provider: model.provider,
    modelId: model.modelId,
    ...(model.supportsStructuredOutput === undefined
      ? {}
      : { supportsStructuredOutput: model.supportsStructuredOutput }),
    stream: (request) => traceStream({ model, request, api, tracer, parent }),
  };
}

async function* traceStream({
  model,
  request,
  api,
  tracer,
  parent,
}: {
  model: Model;
  request: ModelRequest;
  api: OpenTelemetry;
  tracer: Tracer;
  parent: Context;
}): AsyncGenerator<ModelStreamPart> {
  const span = tracer.startSpan(
    `chat ${model.modelId}`,
    {
      kind: api.SpanKind.CLIENT,
      attributes: {
        [genAi.operationName]: 'chat',
        [genAi.providerName]: model.provider,
        [genAi.requestModel]: model.modelId,
        ...(request.maxTokens === undefined ? {} : { [genAi.requestMaxTokens]: request.maxTokens }),
      },
    },
    parent,
  );
  let finished = false;
  try {
    for await (const part of model.stream(request)) {
      // The loop checks every part after this; a malformed one (a custom model's) is its to report.
      const finish = asFinish(part);
      if (finish !== undefined) {
        finished = true;
        span.setAttributes({
          [genAi.responseFinishReasons]: [finish.rawFinishReason ?? finish.finishReason],
          [genAi.inputTokens]: finish.usage.inputTokens,
          [genAi.outputTokens]: finish.usage.outputTokens,
          ...(finish.usage.cacheReadTokens === undefined
            ? {}
            : { [genAi.cacheReadTokens]: finish.usage.cacheReadTokens }),
          ...(finish.usage.cacheWriteTokens === undefined
            ? {}
            : { [genAi.cacheWriteTokens]: finish.usage.cacheWriteTokens }),
        });
      }
      yield part;
    }
    if (!finished)
      markFailed({ api, span, type: 'truncated_stream', message: 'The stream ended without a finish.' });
  } catch (error) {
    markFailed({ api, span, type: errorName(error), message: errorMessage(error) });
    throw error;
  } finally {
    // Also when the loop stops reading early (an abort, a timeout): the span ends with the request.
    span.end();
  }
}

/** Marks a span failed: `error.type` and an error status with the message. */
export function markFailed({
  api,
  span,
  type,
  message,
}: {
  api: OpenTelemetry;
  span: Span;
  type: string;
  message: string;
}): void {
  span.setAttribute(genAi.errorType, type);
  span.setStatus({ code: api.SpanStatusCode.ERROR, message });
}

function asFinish(part: unknown): FinishPart | undefined {
  if (typeof part !== 'object' || part === null) return undefined;
  const usage: unknown = Reflect.get(part, 'usage');
  return Reflect.get(part, 'type') === 'finish' &&
    typeof usage === 'object' &&
    usage !== null &&
    typeof Reflect.get(part, 'finishReason') === 'string'
    ? (part as FinishPart)
    : undefined;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
