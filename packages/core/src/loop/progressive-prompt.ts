/**
 * Round-specific additions to the system prompt (the progressive prompt: a line per round). `{round}` is replaced by
 * the round number, counted from 1.
 */
export interface ProgressivePromptTexts {
  /** Added to the first request. */
  first?: string;
  /** Added to the requests that follow a tool round. */
  later?: string;
  /** Added to the final request, in which the model may call no tool. */
  final?: string;
}

export const defaultProgressivePrompt: Required<ProgressivePromptTexts> = {
  first: '[Round {round}] If a tool is relevant to the request, call it.',
  later:
    '[Round {round}] You may call one more tool if you still need information, or give your final answer.',
  final: '[Final round] No tools are available now. Give your final answer from the information you have.',
};

/**
 * The system prompt for one request, with the addition for its round when the progressive prompt is on: the
 * whole text, and the addition apart (`system` ends with it), so that providers can keep it out of a cached prefix.
 */
export function composeSystemPrompt({
  system,
  progressivePrompt,
  round,
  isFinal,
}: {
  system: string | undefined;
  progressivePrompt: ProgressivePromptTexts | undefined;
  round: number;
  isFinal: boolean;
}): { system: string | undefined; addition?: string } {
  if (progressivePrompt === undefined) return { system };
  const texts = { ...defaultProgressivePrompt, ...progressivePrompt };
  const template = isFinal ? texts.final : round === 0 ? texts.first : texts.later;
  const addition = template.replaceAll('{round}', String(round + 1));
  // An empty text adds nothing: not a blank line after the system prompt, nor an empty one without it.
  if (addition === '') return { system };
  return { system: system === undefined || system === '' ? addition : `${system}\n\n${addition}`, addition };
}
