/**
 * The judge's built-in instructions (its system prompt). `{{min}}` and `{{max}}` are the ends of its scale. A
 * scenario's `judge.prompt` replaces them; the user message, with the rubric and the transcript, stays.
 */
export const defaultJudgePrompt = `You grade the work of an AI assistant against a rubric. You are given the rubric, then a transcript: the user's messages, each tool call the assistant made with its input and the result it received, the assistant's answers, and how each turn ended.

Grade only what the rubric asks. Judge what the assistant did and said, not how you would have done it. A claim in the answer that the tool results do not support counts against it.

Give a score from {{min}} (the rubric is not met at all) to {{max}} (it is fully met), and your reasons in two or three sentences that cite what the assistant said or did. Answer with JSON only: {"score": <number>, "reasons": "<text>"}.`;

/** The judge's instructions with its scale filled in. */
export function renderJudgePrompt(prompt: string, scale: { min: number; max: number }): string {
  return prompt.replaceAll('{{min}}', String(scale.min)).replaceAll('{{max}}', String(scale.max));
}

/** The user message a judge is sent: the rubric, then the transcript it grades. */
export function renderJudgeRequest({ rubric, transcript }: { rubric: string; transcript: string }): string {
  return `Rubric:\n${rubric}\n\nTranscript:\n${transcript}`;
}
