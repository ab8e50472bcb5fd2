/* eslint-disable @typescript-eslint/no-deprecated -- Sampling is deprecated from protocol 2026-07-28 and stays in the
   specification for at least twelve months (SEP-2577); this file is how toolloop keeps serving it. */
import type { CreateMessageResult, CreateMessageResultWithTools } from '@modelcontextprotocol/client';
import type { StopReason } from '../loop/stop-reason.js';
import type { ModelResponse } from '../loop/stream-model-response.js';
import type { FinishReason } from '../model/model.js';
import { toProviderDataMeta } from './provider-data-meta.js';

/**
 * A model response as a `sampling/createMessage` result. A request that offered tools gets a list of blocks
 * (text and `tool_use`), as the 2025-11-25 spec allows, each with what the provider needs back in its `_meta`
 * (`toolloop/provider-data`: a Gemini thought signature, say); one without tools gets a single text block, which
 * is all older servers accept. Thinking is not passed on.
 */
export function toCreateMessageResult({
  response,
  modelId,
  offeredTools,
}: {
  response: ModelResponse;
  modelId: string;
  offeredTools: boolean;
}): CreateMessageResult | CreateMessageResultWithTools {
  const stopReason = mapFinishReason(response.finish.finishReason, response.finish.rawFinishReason);
  const text = response.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
  if (!offeredTools)
    return { role: 'assistant', model: modelId, stopReason, content: { type: 'text', text } };
  const content: CreateMessageResultWithTools['content'] = response.content.flatMap(
    (part): Exclude<CreateMessageResultWithTools['content'], unknown[]> | [] => {
      if (part.type === 'text')
        return { type: 'text', text: part.text, ...toProviderDataMeta(part.providerData) };
      if (part.type === 'tool-call') {
        return {
          type: 'tool_use',
          id: part.id,
          name: part.name,
          input: part.input as Record<string, unknown>,
          ...toProviderDataMeta(part.providerData),
        };
      }
      return [];
    },
  );
  return { role: 'assistant', model: modelId, stopReason, content };
}

/** The result of a tool loop the client ran itself: its answer, and why it stopped in the spec's words. */
export function toLoopCreateMessageResult({
  text,
  stopReason,
  modelId,
}: {
  text: string;
  stopReason: StopReason;
  modelId: string;
}): CreateMessageResult {
  const reason =
    stopReason === 'completed' || stopReason === 'max_rounds'
      ? 'endTurn'
      : stopReason === 'max_tokens'
        ? 'maxTokens'
        : stopReason;
  return { role: 'assistant', model: modelId, stopReason: reason, content: { type: 'text', text } };
}

function mapFinishReason(finishReason: FinishReason, raw: string | undefined): string {
  switch (finishReason) {
    case 'end':
      return 'endTurn';
    case 'tool_calls':
      return 'toolUse';
    case 'max_tokens':
    case 'context_window_exceeded':
      return 'maxTokens';
    case 'stop_sequence':
      return 'stopSequence';
    case 'refusal':
    case 'pause':
    case 'other':
      return raw ?? finishReason;
    default: {
      const unexpected: never = finishReason;
      return String(unexpected);
    }
  }
}
