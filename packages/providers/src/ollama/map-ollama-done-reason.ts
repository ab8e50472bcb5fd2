import type { FinishReason } from '@toolloop/core';

/**
 * Why an Ollama answer ended, in core words: `stop` is `tool_calls` when the answer called tools (Ollama says
 * `stop` then too), else `end`; `length` (the output limit, `num_predict`, or the context) is `max_tokens`; `load`
 * and `unload` (a request without messages that only loaded or unloaded the model) and any other reason are
 * `other`. No reason at all (older servers) reads as `stop`. The raw word is kept for reports.
 */
export function mapOllamaDoneReason(options: { doneReason: string | undefined; calledTools: boolean }): {
  finishReason: FinishReason;
  rawFinishReason: string;
} {
  const raw = options.doneReason === undefined || options.doneReason === '' ? 'stop' : options.doneReason;
  switch (raw) {
    case 'stop':
      return { finishReason: options.calledTools ? 'tool_calls' : 'end', rawFinishReason: raw };
    case 'length':
      return { finishReason: 'max_tokens', rawFinishReason: raw };
    default:
      return { finishReason: 'other', rawFinishReason: raw };
  }
}
