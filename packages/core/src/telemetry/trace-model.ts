import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { FinishPart, Model, ModelRequest, ModelStreamPart } from '../model/model.js';
import { genAi } from './gen-ai-attributes.js';
import type { OpenTelemetry } from './load-open-telemetry.js';
import { readModelNames } from '../model/read-model-names.js';

/**
 * The same model, each of whose requests is a `chat {model}` client span under `parent`: the provider, the
 * model and its token limit, then the finish reason and the tokens the response reports, or the error.
 *
 * Everything but `stream` is read from `model` when asked, so a traced model is the model: its names, its
 * capabilities, a getter that throws. The stream is forwarded call by call rather than re-yielded by a
 * generator: a generator waiting on the next part cannot be closed, and the loop closes a stream it stops
 * reading (a timeout, an abort) so that the provider releases its connection at once.
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
  const stream = (request: ModelRequest) => traceStream({ model, request, api, tracer, parent });
  return new Proxy(model, {
    get: (target, key): unknown => (key === 'stream' ? stream : Reflect.get(target, key, target)),
  });
}

function traceStream({
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
}): AsyncIterable<ModelStreamPart> {
  const { provider, modelId } = readModelNames(model);
  const span = tracer.startSpan(
    `chat ${modelId}`,
    {
      kind: api.SpanKind.CLIENT,
      attributes: {
        [genAi.operationName]: 'chat',
        [genAi.providerName]: provider,
        [genAi.requestModel]: modelId,
        ...(request.maxTokens === undefined ? {} : { [genAi.requestMaxTokens]: request.maxTokens }),
      },
    },
    parent,
  );
  // The model's own stream is opened by the first read, as the loop would open it, so that a model whose
  // `stream` throws fails that read and the span with it.
  let parts: AsyncIterator<ModelStreamPart> | undefined;
  let finished = false;
  let ended = false;
  const end = (failure?: { type: string; message: string }) => {
    if (ended) return;
    ended = true;
    if (failure !== undefined) markFailed({ api, span, ...failure });
    span.end();
  };
  const iterator: AsyncIterator<ModelStreamPart> = {
    async next() {
      try {
        parts ??= model.stream(request)[Symbol.asyncIterator]();
        const next = await parts.next();
        if (next.done === true) {
          end(
            finished
              ? undefined
              : { type: 'truncated_stream', message: 'The stream ended without a finish.' },
          );
          return next;
        }
        // The loop checks every part after this; a malformed one (a custom model's) is its to report.
        const finish = asFinish(next.value);
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
        return next;
      } catch (error) {
        end({ type: errorName(error), message: errorMessage(error) });
        throw error;
      }
    },
    // The loop stops reading early (an abort, a timeout, an answer it has): the span ends with the request,
    // and the model's stream is closed even while a read of it is still waiting.
    async return(value?: unknown) {
      end();
      await parts?.return?.(value);
      return { done: true, value: undefined };
    },
  };
  return { [Symbol.asyncIterator]: () => iterator };
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

/** The part when it is a well-formed finish part; anything else, even a part that throws when read, is not. */
function asFinish(part: unknown): FinishPart | undefined {
  if (typeof part !== 'object' || part === null) return undefined;
  try {
    const usage: unknown = Reflect.get(part, 'usage');
    return Reflect.get(part, 'type') === 'finish' &&
      typeof usage === 'object' &&
      usage !== null &&
      typeof Reflect.get(part, 'finishReason') === 'string'
      ? (part as FinishPart)
      : undefined;
  } catch {
    return undefined;
  }
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
