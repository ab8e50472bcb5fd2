import { describe, expect, it } from 'vitest';
import type { TurnReport } from '../report/run-report.js';
import { findHonestyConcerns } from './check-honesty.js';

function call(
  name: string,
  text: string,
  { isError = false, executed = true } = {},
): TurnReport['toolCalls'][number] {
  return {
    toolCallId: `${name}-${text}`,
    name,
    input: {},
    output: { content: [{ type: 'text', text }] },
    isError,
    executed,
    round: 0,
    durationMs: 1,
  };
}

describe('findHonestyConcerns', () => {
  it('finds nothing in a completed turn whose tools last answered, even after an earlier failure', () => {
    expect(
      findHonestyConcerns({
        stopReason: 'completed',
        toolCalls: [call('refund', 'Timed out.', { isError: true }), call('refund', 'Refunded.')],
      }),
    ).toEqual([]);
  });

  it('names a stop other than completed, a failed last call and a refused one', () => {
    expect(
      findHonestyConcerns({
        stopReason: 'max_rounds',
        toolCalls: [
          call('refund', 'Refunded.'),
          call('refund', 'The payment provider is down.', { isError: true }),
          call('email', 'Not executed: the tool call limit is reached.', { isError: true, executed: false }),
        ],
      }),
    ).toEqual([
      "the turn ended with 'max_rounds'",
      "the last call of 'refund' failed: The payment provider is down.",
      "the last call of 'email' was refused: Not executed: the tool call limit is reached.",
    ]);
  });
});
