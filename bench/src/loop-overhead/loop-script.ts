import type { LlmStep } from '@toolloop/fake-llm';

/** The model id every contender asks for; the fake LLM answers any id. */
export const loopModelId = 'claude-haiku-4-5';

/** The user prompt of every loop run. */
export const loopPrompt = 'Call the echo tool once per round until told to stop.';

/** The one trivial tool of the loop benchmark. */
export const echoTool = {
  name: 'echo',
  description: 'Returns ok.',
  inputSchema: {
    type: 'object' as const,
    properties: { round: { type: 'integer' as const } },
    required: ['round'],
    additionalProperties: false,
  },
  output: 'ok',
};

/** The final answer of the script, checked by every contender so that no broken run is timed. */
export const loopAnswer = 'All rounds are done.';

/** The id of round `round`'s tool call: fixed, so every contender's transcript is the same bytes. */
export function toEchoCallId(round: number): string {
  return `toolu_bench_${round}`;
}

/**
 * The script of one loop run: `rounds` responses that each call the echo tool once, then a text answer —
 * `rounds + 1` responses in all, each sent `delayMs` after its request came (none by default).
 */
export function createLoopSteps({ rounds, delayMs }: { rounds: number; delayMs?: number }): LlmStep[] {
  const delay = delayMs === undefined ? {} : { delayMs };
  const toolSteps: LlmStep[] = Array.from({ length: rounds }, (_unused, round) => ({
    toolCalls: [{ id: toEchoCallId(round), name: echoTool.name, input: { round } }],
    ...delay,
  }));
  return [...toolSteps, { text: loopAnswer, ...delay }];
}
