import type { TurnReport } from '../report/run-report.js';
import { continuedTurnUser } from '../run/to-turn-report.js';

/**
 * The simulated user's instructions (its system prompt): `{{persona}}` and `{{goal}}` are the scenario's. The
 * conversation so far follows in the user message; the answer is `{ message, gaveUp }`.
 */
export const simulatedUserPrompt = `You play a user who talks with an AI assistant, to test the assistant. Stay in character the whole time.

Who you are: {{persona}}

What you want: {{goal}}

You are given the conversation so far. Write the user's next message only: what this user would say, in their words, as briefly as they would say it. Do not say that you are simulated, and do not help the assistant with what only it can know. When the assistant cannot or will not get you what you want, and this user would stop trying, give up instead, and say why in the message.

Answer with JSON only: {"message": "<the user's next message, or why you give up>", "gaveUp": <true or false>}.`;

/** The instructions with the persona and goal filled in. */
export function renderSimulatedUserPrompt({ persona, goal }: { persona: string; goal: string }): string {
  return simulatedUserPrompt.replaceAll('{{persona}}', persona).replaceAll('{{goal}}', goal);
}

/**
 * The conversation as the user saw it: each of their messages and the assistant's answers, never the tool calls
 * behind them. The first message is asked for with no conversation.
 */
export function renderConversation(turns: readonly Pick<TurnReport, 'user' | 'text'>[]): string {
  if (turns.length === 0) return 'The conversation has not started: write your first message.';
  // A turn that went on after the user's approvals has no message of the user's.
  const lines = turns.flatMap((turn) => [
    ...(turn.user === continuedTurnUser ? [] : [`[you] ${turn.user}`]),
    `[assistant] ${turn.text}`,
  ]);
  return `The conversation so far:\n${lines.join('\n')}\n\nWrite your next message.`;
}
