import type { FinishReason } from '@toolloop/core';

/**
 * Why a response ended, in core words, and the raw word kept for reports. A `completed` response ends with
 * `tool_calls` when it called a function, with `refusal` when the model refused, else with `end`. An
 * `incomplete` one says why in `incomplete_details.reason`: `max_output_tokens` → `max_tokens`,
 * `content_filter` → `refusal`; none, or one newer than the SDK, is `other`.
 */
export function mapOpenAIResponsesFinishReason({
  status,
  incompleteReason,
  calledFunctions,
  refused,
}: {
  status: 'completed' | 'incomplete';
  incompleteReason: 'max_output_tokens' | 'content_filter' | undefined;
  calledFunctions: boolean;
  refused: boolean;
}): { finishReason: FinishReason; rawFinishReason: string } {
  if (status === 'completed') {
    const finishReason = calledFunctions ? 'tool_calls' : refused ? 'refusal' : 'end';
    return { finishReason, rawFinishReason: 'completed' };
  }
  switch (incompleteReason) {
    case 'max_output_tokens':
      return { finishReason: 'max_tokens', rawFinishReason: incompleteReason };
    case 'content_filter':
      return { finishReason: 'refusal', rawFinishReason: incompleteReason };
    case undefined:
      return { finishReason: 'other', rawFinishReason: 'incomplete' };
    default: {
      // A reason newer than this SDK: kept raw.
      const newerReason: never = incompleteReason;
      return { finishReason: 'other', rawFinishReason: String(newerReason) };
    }
  }
}
