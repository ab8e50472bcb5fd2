import type { TurnReport } from '../report/run-report.js';

/**
 * The turns as a judge reads them: each user message, each tool call with its input and the result the model
 * received (marked when it failed), the answer, and how the turn ended. Results are shown as the model saw
 * them, text parts only.
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
          `[result of ${call.name}${call.isError ? ', failed' : ''}] ${call.output.content
            .flatMap((part) => (part.type === 'text' ? [part.text] : [`(${part.type})`]))
            .join('\n')}`,
        ]),
        `[assistant] ${turn.text}`,
        `[the turn ended: ${turn.stopReason}]`,
      ].join('\n'),
    )
    .join('\n\n');
}
