import { createEmptyUsage, ModelError } from '@toolloop/core';
import type { JsonObject, ModelStreamPart } from '@toolloop/core';
import type { GenerateContentResponse, Part } from '@google/genai';
import { createGeminiCallId } from './gemini-call-id.js';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.js';
import { mapGeminiUsage } from './map-gemini-usage.js';
import { readPartialArgs, type PartialCall } from './read-partial-args.js';

/** Text or thoughts being streamed, until a part of another kind comes (or the stream ends). */
interface OpenBlock {
  type: 'text' | 'thinking';
  text: string;
  thoughtSignature: string | undefined;
}

/**
 * Turns Gemini's stream of `GenerateContentResponse` chunks into core stream parts: text and thought deltas for
 * display; each run of text or thought fragments whole as a `text` or `thinking` part when a part of another kind
 * comes; each function call as a `tool-call` (its arguments whole, or put together from `partialArgs` when they
 * stream); then one `finish` with the last chunk's finish reason and usage. A part's `thoughtSignature` is kept in
 * the core part's `providerData`, byte for byte, to be sent back on the same part (an empty text that carries
 * only a signature becomes an empty text part, so the signature goes back). A call without an `id` gets one made
 * up (`gemini-call-…`), which is never sent back.
 *
 * A stream that ends with no finish reason and no candidate was cut off: a retryable `ModelError`
 * (`incomplete_stream`), or the abort reason when `signal` was aborted.
 */
export async function* parseGeminiStream({
  chunks,
  signal,
  provider,
}: {
  chunks: AsyncIterable<GenerateContentResponse>;
  signal: AbortSignal;
  provider: string;
}): AsyncGenerator<ModelStreamPart> {
  let block: OpenBlock | undefined;
  let partial: PartialCall | undefined;
  let calls = 0;
  let finishReason: string | undefined;
  let blockReason: string | undefined;
  let last: GenerateContentResponse | undefined;
  const providerData: JsonObject = {};

  const closeBlock = function* (): Generator<ModelStreamPart> {
    if (block === undefined) return;
    const signature: JsonObject =
      block.thoughtSignature === undefined ? {} : { thoughtSignature: block.thoughtSignature };
    if (block.type === 'thinking') {
      yield { type: 'thinking', text: block.text, providerData: { gemini: true, ...signature } };
    } else if (block.text !== '' || block.thoughtSignature !== undefined) {
      yield {
        type: 'text',
        text: block.text,
        ...(block.thoughtSignature === undefined ? {} : { providerData: signature }),
      };
    }
    block = undefined;
  };
  const emitCall = (call: PartialCall) => {
    calls += 1;
    return {
      type: 'tool-call' as const,
      id: call.id ?? createGeminiCallId({ responseId: last?.responseId, index: calls }),
      name: call.name,
      ...(call.inputError === undefined ? { input: call.args } : { input: {}, inputError: call.inputError }),
      ...(call.thoughtSignature === undefined
        ? {}
        : { providerData: { thoughtSignature: call.thoughtSignature } }),
    };
  };

  for await (const chunk of chunks) {
    last = chunk;
    if (chunk.responseId !== undefined) providerData['responseId'] = chunk.responseId;
    if (chunk.modelVersion !== undefined) providerData['model'] = chunk.modelVersion;
    blockReason = chunk.promptFeedback?.blockReason ?? blockReason;
    const candidate = chunk.candidates?.[0];
    if (candidate?.finishReason !== undefined) finishReason = candidate.finishReason;
    for (const part of candidate?.content?.parts ?? []) {
      if (part.functionCall !== undefined) {
        yield* closeBlock();
        const read = readPartialArgs({ part, open: partial });
        partial = read.open;
        if (read.done !== undefined) yield emitCall(read.done);
        continue;
      }
      if (typeof part.text !== 'string') continue;
      const type = part.thought === true ? 'thinking' : 'text';
      // An empty fragment with only a signature belongs to the run before it (Gemini sends a text's last).
      if (block !== undefined && block.type !== type && !isSignatureOnly(part)) yield* closeBlock();
      block ??= { type, text: '', thoughtSignature: undefined };
      if (part.text !== '') {
        block.text += part.text;
        yield { type: block.type === 'thinking' ? 'thinking-delta' : 'text-delta', text: part.text };
      }
      if (part.thoughtSignature !== undefined) block.thoughtSignature = part.thoughtSignature;
    }
  }
  signal.throwIfAborted();
  yield* closeBlock();
  if (partial !== undefined) yield emitCall(partial);
  if (finishReason === undefined && blockReason === undefined) {
    throw new ModelError({
      message: `The ${provider} stream${last?.responseId === undefined ? '' : ` for ${last.responseId}`} ended before a finish reason: the response was cut off.`,
      provider,
      retryable: true,
      errorType: 'incomplete_stream',
    });
  }
  const thoughts = last?.usageMetadata?.thoughtsTokenCount;
  if (thoughts !== undefined && thoughts > 0) providerData['reasoningTokens'] = thoughts;
  yield {
    type: 'finish',
    ...mapGeminiFinishReason({ finishReason, blockReason, calledFunctions: calls > 0 }),
    usage: last?.usageMetadata === undefined ? createEmptyUsage() : mapGeminiUsage(last.usageMetadata),
    providerData,
  };
}

function isSignatureOnly(part: Part): boolean {
  return part.text === '' && part.thoughtSignature !== undefined;
}
