import { ModelError } from '../errors/model-error.js';
import { createAbortRace } from '../internal/create-abort-race.js';
import type { AssistantContentPart } from '../model/messages.js';
import type { FinishPart, Model, ModelRequest } from '../model/model.js';
import type { LoopEvent } from './loop-event.js';
import { statusLines } from './status-lines.js';

/** One model response, assembled from its stream. */
export interface ModelResponse {
  content: AssistantContentPart[];
  finish: FinishPart;
}

/**
 * Streams one model request: yields thinking and content as they arrive and returns the whole response.
 * Each read races the request's signal, so an abort ends the stream on time even if the provider ignores it.
 * A stream that ends without a finish part was cut off, and is a `ModelError`.
 */
export async function* streamModelResponse({
  model,
  request,
  showStatus,
}: {
  model: Model;
  request: ModelRequest;
  showStatus: boolean;
}): AsyncGenerator<LoopEvent, ModelResponse> {
  const iterator = model.stream(request)[Symbol.asyncIterator]();
  const abort = createAbortRace(request.signal);
  const content: AssistantContentPart[] = [];
  let finish: FinishPart | undefined;
  let streamedText = false;
  let streamedThinking = false;
  let announced = false;
  let exhausted = false;

  try {
    for (;;) {
      const next = await abort.race(iterator.next());
      if (next.done === true) {
        exhausted = true;
        break;
      }
      const part = next.value;
      switch (part.type) {
        case 'text-delta':
          if (showStatus && !announced) {
            announced = true;
            yield { type: 'status', message: statusLines.formulating };
          }
          streamedText = true;
          yield { type: 'content', text: part.text };
          break;
        case 'thinking-delta':
          streamedThinking = true;
          yield { type: 'thinking', text: part.text };
          break;
        case 'text':
          // A provider that sends whole blocks without deltas still gets its text shown.
          if (!streamedText && part.text !== '') yield { type: 'content', text: part.text };
          streamedText = false;
          content.push(part);
          break;
        case 'thinking':
          if (!streamedThinking && part.text !== '') yield { type: 'thinking', text: part.text };
          streamedThinking = false;
          content.push(part);
          break;
        case 'redacted-thinking':
        case 'tool-call':
          content.push(part);
          break;
        case 'warning':
          yield { type: 'warning', code: part.code, message: part.message };
          break;
        case 'finish':
          finish = part;
          break;
        default: {
          const unexpected: never = part;
          throw new ModelError({
            message: `Unknown stream part ${JSON.stringify(unexpected)}`,
            provider: model.provider,
          });
        }
      }
    }
  } catch (error) {
    if (request.signal.aborted || ModelError.isInstance(error)) throw error;
    throw new ModelError({
      message: `The ${model.provider} model ${model.modelId} failed: ${error instanceof Error ? error.message : String(error)}`,
      provider: model.provider,
      cause: error,
    });
  } finally {
    abort.dispose();
    // Leaving early (abort, error): let the provider release its connection, without waiting on it.
    if (!exhausted) iterator.return?.().catch(() => undefined);
  }

  if (finish === undefined) {
    throw new ModelError({
      message: `The ${model.provider} stream for ${model.modelId} ended without its finish event: the response was cut off.`,
      provider: model.provider,
      retryable: true,
    });
  }
  return { content, finish };
}
