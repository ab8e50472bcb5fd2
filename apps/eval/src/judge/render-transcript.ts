import type { TurnReport } from '../report/run-report.js';

/** How much of one tool result a judge reads: a judge's request stays far below any model's context. */
export const transcriptResultLimit = 4_000;

/**
 * The turns as a judge reads them: each user message, each tool call with its input and the result the model
 * received (marked when it failed; its text parts, other parts by their type, each result cut at
 * `transcriptResultLimit` characters with how many more there were), the answer, and how the turn ended.
 */
export function renderTranscript(
  turns: readonly Pick<TurnReport, 'user' | 'toolCalls' | 'text' | 'stopReason'>[],
): string {
  return turns
    .map((turn) =>
      [
        `[user] ${turn.user}`,
        ...turn.toolCalls.flatMap((call) => [
          `[assistant calls ${call.name}] ${JSON.stringify(call.input)}`,
          `[result of ${call.name}${call.isError ? ', failed' : ''}] ${bounded(
            call.output.content
              .flatMap((part) => (part.type === 'text' ? [part.text] : [`(${part.type})`]))
              .join('\n'),
          )}`,
        ]),
        `[assistant] ${turn.text}`,
        `[the turn ended: ${turn.stopReason}]`,
      ].join('\n'),
    )
    .join('\n\n');
}

function bounded(text: string): string {
  return text.length <= transcriptResultLimit
    ? text
    : `${text.slice(0, transcriptResultLimit)}… (${text.length - transcriptResultLimit} more characters)`;
}
