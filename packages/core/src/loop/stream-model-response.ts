import { ModelError } from '../errors/model-error.js';
import { createAbortRace } from '../internal/create-abort-race.js';
import { describeThrown } from '../internal/describe-thrown.js';
import type { AssistantContentPart, ToolCallPart } from '../model/messages.js';
import { readToolInputValue } from '../model/parse-tool-input.js';
import type { FinishPart, Model, ModelRequest, ModelStreamPart } from '../model/model.js';
import { readModelNames } from '../model/read-model-names.js';
import type { LoopEvent } from './loop-event.js';
import { describeMalformedPart } from './check-stream-part.js';
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
  onText = () => undefined,
}: {
  model: Model;
  request: ModelRequest;
  showStatus: boolean;
  /** Called with each piece of answer text as it is shown, so a turn that ends mid-stream knows what it said. */
  onText?: (text: string) => void;
}): AsyncGenerator<LoopEvent, ModelResponse> {
  const { provider, modelId } = readModelNames(model);
  let iterator: AsyncIterator<ModelStreamPart> | undefined;
  const abort = createAbortRace(request.signal);
  const content: AssistantContentPart[] = [];
  let finish: FinishPart | undefined;
  let streamedText = false;
  let streamedThinking = false;
  let announced = false;
  let exhausted = false;

  try {
    // Inside the try: a provider that throws before its stream starts is a model error like any other.
    iterator = model.stream(request)[Symbol.asyncIterator]();
    for (;;) {
      const next = await abort.race(iterator.next());
      if (next.done === true) {
        exhausted = true;
        break;
      }
      const malformed = describeMalformedPart(next.value);
      if (malformed !== undefined) {
        throw new ModelError({ message: `The ${provider} model ${modelId} sent ${malformed}.`, provider });
      }
      const part = next.value;
      switch (part.type) {
        case 'text-delta':
          // An empty delta shows nothing and streams nothing: the block's whole text, if no other delta
          // carries it, is still shown when it comes.
          if (part.text === '') break;
          if (showStatus && !announced) {
            announced = true;
            yield { type: 'status', message: statusLines.formulating };
          }
          streamedText = true;
          onText(part.text);
          yield { type: 'content', text: part.text };
          break;
        case 'thinking-delta':
          if (part.text === '') break;
          streamedThinking = true;
          yield { type: 'thinking', text: part.text };
          break;
        case 'text':
          // A provider that sends whole blocks without deltas still gets its text shown.
          if (!streamedText && part.text !== '') {
            onText(part.text);
            yield { type: 'content', text: part.text };
          }
          streamedText = false;
          content.push(part);
          break;
        case 'thinking':
          if (!streamedThinking && part.text !== '') yield { type: 'thinking', text: part.text };
          streamedThinking = false;
          content.push(part);
          break;
        case 'redacted-thinking':
          content.push(part);
          break;
        case 'tool-call':
          content.push(boundToolCallInput(part));
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
            message: `The ${provider} model ${modelId} sent a stream part of unknown type '${describeThrown((unexpected as { type: unknown }).type)}'.`,
            provider,
          });
        }
      }
    }
  } catch (error) {
    if (request.signal.aborted || ModelError.isInstance(error)) throw error;
    throw new ModelError({
      message: `The ${provider} model ${modelId} failed: ${describeThrown(error)}`,
      provider,
      cause: error,
    });
  } finally {
    abort.dispose();
    // Leaving early (abort, error): let the provider release its connection, without waiting on it.
    if (!exhausted) closeQuietly(iterator);
  }

  if (finish === undefined) {
    throw new ModelError({
      message: `The ${provider} stream for ${modelId} ended without its finish event: the response was cut off.`,
      provider,
      retryable: true,
    });
  }
  return { content, finish };
}

/** Lets a provider release its connection after an early exit, without waiting on it or failing the turn. */
function closeQuietly(iterator: AsyncIterator<ModelStreamPart> | undefined): void {
  try {
    iterator?.return?.().catch(() => undefined);
  } catch {
    // A provider whose `return` throws has nothing left to release that we could reach.
  }
}

/**
 * The call, or when its input nests deeper than arguments may (a custom model's object, or one a wrapper built),
 * the call with `{}` and an `inputError` (its own when it has one, else the providers' depth error): the model is
 * told, no tool runs, and no later step (schema check, copy, the next request's JSON) meets the depth.
 */
function boundToolCallInput(call: ToolCallPart): ToolCallPart {
  const read = readToolInputValue(call.input);
  return 'inputError' in read
    ? { ...call, input: read.input, inputError: call.inputError ?? read.inputError }
    : call;
}
