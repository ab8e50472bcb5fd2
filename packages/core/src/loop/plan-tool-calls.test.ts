import { describe, expect, it } from 'vitest';
import type { ToolCallPart } from '../model/messages.js';
import { planToolCalls } from './plan-tool-calls.js';
import { resolveLoopOptions } from './resolve-loop-options.js';

const options = resolveLoopOptions({
  model: { id: 'unused', stream: () => Promise.reject(new Error('not asked')) } as never,
  prompt: 'Q',
  maxRepeatedCalls: 2,
});

const call = (id: string, input: ToolCallPart['input']): ToolCallPart => ({
  type: 'tool-call',
  id,
  name: 'search',
  input,
});

describe('planToolCalls', () => {
  it("counts on from the turn's counts and gives back only this response's calls, however long the turn", () => {
    const turnCounts = new Map(
      Array.from({ length: 1000 }, (_, index) => [`search ${JSON.stringify({ page: index })}`, 1]),
    );
    const plan = planToolCalls({
      calls: [call('a', { page: 7 }), call('b', { page: 7 }), call('c', { page: 2000 })],
      toolNames: ['search'],
      options,
      messageToolCalls: 0,
      sessionToolCalls: 0,
      callCounts: turnCounts,
      textRepeats: 1,
    });

    // page 7 was called once before: its second call runs, its third is a repeat beyond maxRepeatedCalls.
    expect(plan.calls.map(({ call: { id }, refusal }) => [id, refusal === undefined])).toEqual([
      ['a', true],
      ['b', false],
      ['c', true],
    ]);
    expect(plan.noProgress).toBe('the same call of search was repeated more than 2 times');
    expect([...plan.callCounts]).toEqual([
      ['search {"page":7}', 2],
      ['search {"page":2000}', 1],
    ]);
    // The turn's counts are left as they were: a plan that pauses for approval changes nothing.
    expect(turnCounts.size).toBe(1000);
    expect(turnCounts.get('search {"page":7}')).toBe(1);
  });
});
