import { createEmptyUsage, ModelError } from '@toolloop/core';
import type { JsonObject, ModelStreamPart, Usage } from '@toolloop/core';
import type { OpenAIReasoningField } from './convert-to-openai-assistant-message.js';
import { mapOpenAIFinishReason } from './map-openai-finish-reason.js';
import { mapOpenAIUsage, type OpenAIUsageReport } from './map-openai-usage.js';
import {
  applyToolCallDelta,
  createStreamingToolCalls,
  finishToolCalls,
  type OpenAIToolCallDelta,
} from './openai-tool-calls.js';

/** A streamed chunk as OpenAI-compatible servers send it: OpenAI's fields, the common extensions, all loosely. */
export interface OpenAIChunk {
  id?: string;
  model?: string;
  choices?: Array<{
    index?: number;
    delta?: {
      content?: string | null;
      refusal?: string | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      tool_calls?: OpenAIToolCallDelta[] | null;
    } | null;
    finish_reason?: string | null;
  }> | null;
  usage?: OpenAIUsageReport | null;
  x_groq?: { usage?: OpenAIUsageReport | null } | null;
}

type OpenBlock =
  { type: 'text'; text: string } | { type: 'thinking'; text: string; field: OpenAIReasoningField };

/**
 * Turns chat completion chunks into core stream parts: deltas for display; thinking and text whole when the
 * other kind (or a tool call) begins; tool calls whole, by index, when the stream ends; then one `finish`. The
 * finish waits for the end of the stream because usage may come after `finish_reason`, in a chunk without choices.
 *
 * - Only the first choice is read. Reasoning comes from `reasoning_content` or `reasoning`, and the thinking part
 *   records which (`providerData.field`) so it goes back the same way. A `refusal` is text, and the finish becomes
 *   `refusal`.
 * - A stream that ends without a `finish_reason` was cut off: a retryable `ModelError`, or the abort reason when
 *   `signal` was aborted (the SDK ends an aborted stream quietly). One whose chunks held no choice at all has
 *   no answer, and one with a tool call that never got its name lost events: retryable `ModelError`s too
 *   (`invalid_stream`).
 */
export async function* parseOpenAIStream({
  chunks,
  signal,
  provider,
}: {
  chunks: AsyncIterable<OpenAIChunk>;
  signal: AbortSignal;
  provider: string;
}): AsyncGenerator<ModelStreamPart> {
  let block: OpenBlock | undefined;
  const toolCalls = createStreamingToolCalls();
  let finishReason: string | undefined;
  let usage: Usage | undefined;
  let refused = false;
  let sawChunk = false;
  let sawChoice = false;
  const providerData: JsonObject = {};

  function* closeBlock(): Generator<ModelStreamPart> {
    if (block?.type === 'text') yield { type: 'text', text: block.text };
    if (block?.type === 'thinking')
      yield { type: 'thinking', text: block.text, providerData: { field: block.field } };
    block = undefined;
  }

  const iterator = chunks[Symbol.asyncIterator]();
  let drained = false;
  try {
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
      const chunk = next.value;
      sawChunk = true;
      if (providerData['responseId'] === undefined && typeof chunk.id === 'string')
        providerData['responseId'] = chunk.id;
      if (providerData['model'] === undefined && typeof chunk.model === 'string')
        providerData['model'] = chunk.model;
      const reported = chunk.usage ?? chunk.x_groq?.usage;
      if (reported != null) usage = mapOpenAIUsage(reported);
      const reasoningTokens = chunk.usage?.completion_tokens_details?.reasoning_tokens;
      if (typeof reasoningTokens === 'number') providerData['reasoningTokens'] = reasoningTokens;

      const choice = chunk.choices?.find((candidate) => (candidate.index ?? 0) === 0);
      if (choice === undefined) continue;
      sawChoice = true;
      const delta = choice.delta ?? {};
      const reasoning = readReasoning(delta);
      if (reasoning !== undefined) {
        if (block?.type !== 'thinking') {
          for (const part of closeBlock()) yield part;
          block = { type: 'thinking', text: '', field: reasoning.field };
        }
        block.text += reasoning.text;
        yield { type: 'thinking-delta', text: reasoning.text };
      }
      for (const [text, isRefusal] of [
        [delta.content, false],
        [delta.refusal, true],
      ] as const) {
        if (typeof text !== 'string' || text === '') continue;
        if (isRefusal) refused = true;
        if (block?.type !== 'text') {
          for (const part of closeBlock()) yield part;
          block = { type: 'text', text: '' };
        }
        block.text += text;
        yield { type: 'text-delta', text };
      }
      if (delta.tool_calls != null && delta.tool_calls.length > 0) {
        for (const part of closeBlock()) yield part;
        delta.tool_calls.forEach((toolCall, position) => {
          applyToolCallDelta({ calls: toolCalls, delta: toolCall, position });
        });
      }
      if (choice.finish_reason != null && choice.finish_reason !== '') finishReason = choice.finish_reason;
    }
    drained = true;
  } finally {
    // Leaving early (error, the consumer stopped): the SDK aborts the request on `return`. Not awaited:
    // cancelling a response body can wait on readers that never come (msw tees mocked bodies, for one).
    if (!drained) iterator.return?.().catch(() => undefined);
  }

  signal.throwIfAborted();
  const stream = `The ${provider} stream${typeof providerData['responseId'] === 'string' ? ` for ${providerData['responseId']}` : ''}`;
  if (sawChunk && !sawChoice) {
    throw new ModelError({
      message: `${stream} sent no choices: the response has no answer. Try the request again.`,
      provider,
      retryable: true,
      errorType: 'invalid_stream',
    });
  }
  if (finishReason === undefined) {
    throw new ModelError({
      message: `${stream} ended without a finish_reason: the response was cut off.`,
      provider,
      retryable: true,
      errorType: 'incomplete_stream',
    });
  }
  for (const [index, call] of toolCalls.byIndex) {
    if (call.name !== '') continue;
    throw new ModelError({
      message: `${stream} sent tool call ${index}${call.id === undefined ? '' : ` (${call.id})`} without a name: events are missing from the response. Try the request again.`,
      provider,
      retryable: true,
      errorType: 'invalid_stream',
    });
  }
  for (const part of closeBlock()) yield part;
  for (const part of finishToolCalls({ calls: toolCalls, cutOff: finishReason === 'length' })) yield part;
  const mapped = mapOpenAIFinishReason(finishReason);
  yield {
    type: 'finish',
    finishReason: refused && mapped === 'end' ? 'refusal' : mapped,
    usage: usage ?? createEmptyUsage(),
    rawFinishReason: finishReason,
    providerData,
  };
}

/** The reasoning in a delta: `reasoning_content` first, as servers that send both repeat it in `reasoning`. */
function readReasoning(delta: {
  reasoning_content?: string | null;
  reasoning?: string | null;
}): { text: string; field: OpenAIReasoningField } | undefined {
  if (typeof delta.reasoning_content === 'string' && delta.reasoning_content !== '')
    return { text: delta.reasoning_content, field: 'reasoning_content' };
  if (typeof delta.reasoning === 'string' && delta.reasoning !== '')
    return { text: delta.reasoning, field: 'reasoning' };
  return undefined;
}
