/**
 * The scripted stop reasons (Anthropic's vocabulary, which `llm` steps use) as chat completions finish reasons.
 * A value not in the table is sent as it is, so a script may also write `length` or `content_filter` directly.
 */
export const finishReasonsByStopReason: Readonly<Record<string, string>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  refusal: 'content_filter',
};

/** Maps a step's `stopReason` to a `finish_reason`; without one, `tool_calls` when native calls were sent, else `stop`. */
export function mapStopReasonToFinishReason(options: {
  stopReason: string | undefined;
  hasNativeToolCalls: boolean;
}): string {
  if (options.stopReason === undefined) return options.hasNativeToolCalls ? 'tool_calls' : 'stop';
  return finishReasonsByStopReason[options.stopReason] ?? options.stopReason;
}
