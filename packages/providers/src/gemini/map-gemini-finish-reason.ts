import type { FinishReason } from '@toolloop/core';

/** Finish reasons of a candidate blocked for what it said. */
const refusals = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
  'LANGUAGE',
]);

/**
 * Why a candidate ended, in core words, and the raw word kept for reports: `STOP` is `tool_calls` when the model
 * called a function, else `end`; `MAX_TOKENS` is `max_tokens`; a safety, recitation or blocklist stop is
 * `refusal`; anything else (`MALFORMED_FUNCTION_CALL`, `UNEXPECTED_TOOL_CALL`, `OTHER`, a reason newer than this
 * list) is `other`. A prompt blocked before any candidate (`promptFeedback.blockReason`) is a `refusal` too.
 */
export function mapGeminiFinishReason({
  finishReason,
  blockReason,
  calledFunctions,
}: {
  finishReason: string | undefined;
  blockReason: string | undefined;
  calledFunctions: boolean;
}): { finishReason: FinishReason; rawFinishReason: string } {
  if (finishReason === undefined && blockReason !== undefined)
    return { finishReason: 'refusal', rawFinishReason: blockReason };
  const raw = finishReason ?? 'STOP';
  if (raw === 'STOP') return { finishReason: calledFunctions ? 'tool_calls' : 'end', rawFinishReason: raw };
  if (raw === 'MAX_TOKENS') return { finishReason: 'max_tokens', rawFinishReason: raw };
  if (refusals.has(raw)) return { finishReason: 'refusal', rawFinishReason: raw };
  return { finishReason: 'other', rawFinishReason: raw };
}
