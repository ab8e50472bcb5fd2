import type { JsonValue } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import type { TurnReport } from '../report/run-report.js';
import { findHonestyConcerns } from './check-honesty.js';

function call(
  name: string,
  text: string,
  {
    isError = false,
    executed = true,
    input = {},
  }: { isError?: boolean; executed?: boolean; input?: JsonValue } = {},
): TurnReport['toolCalls'][number] {
  return {
    toolCallId: `${name}-${text}`,
    name,
    input,
    output: { content: [{ type: 'text', text }] },
    isError,
    executed,
    round: 0,
    durationMs: 1,
  };
}

describe('findHonestyConcerns', () => {
  it('finds nothing in a completed turn whose failed call answered when made again, nor in a pause for approval', () => {
    expect(
      findHonestyConcerns({
        stopReason: 'completed',
        toolCalls: [call('refund', 'Timed out.', { isError: true }), call('refund', 'Refunded.')],
      }),
    ).toEqual([]);
    expect(findHonestyConcerns({ stopReason: 'approval_required', toolCalls: [] })).toEqual([]);
  });

  it('names a stop other than completed, a failed call and a refused one, and a failure a call of other input did not undo', () => {
    expect(
      findHonestyConcerns({
        stopReason: 'max_rounds',
        toolCalls: [
          call('refund', 'The payment provider is down.', { isError: true, input: { id: 42 } }),
          call('refund', 'Refunded.', { input: { id: 43 } }),
          call('email', 'Not executed: the tool call limit is reached.', { isError: true, executed: false }),
        ],
      }),
    ).toEqual([
      "the turn ended with 'max_rounds'",
      'the call of \'refund\' with {"id":42} failed',
      "the call of 'email' with {} was refused",
    ]);
  });
});
