import type { MatcherState, MatcherResult } from 'vitest';
import { checkToolCalls } from '../expect/check-tool-calls.js';
import type { ExpectedToolCall, ToolCallMatchOptions } from './expected-tool-call.js';
import { readToolCalls } from './read-loop-result.js';
import { summarizeToolCalls } from './summarize-tool-calls.js';

const orders = ['strict', 'unordered', 'subset', 'superset'] as const;
const argsModes = ['partial', 'exact', 'ignore'] as const;

/**
 * `expect(result).toHaveToolCalls(calls, { order, args })`: the tool calls, compared as a scenario file's
 * `expect.toolCalls` compares them. With `order: 'subset'` the expected calls are the subset (they all happened,
 * others may have too); with `superset` they are the superset (every call made is one of them).
 */
export function toHaveToolCalls(
  this: MatcherState,
  received: unknown,
  calls: readonly ExpectedToolCall[],
  { order = 'strict', args = 'partial' }: ToolCallMatchOptions = {},
): MatcherResult {
  if (!isList(calls)) throw new TypeError('toHaveToolCalls expects an array of { name, input? } calls.');
  if (!orders.includes(order)) {
    throw new TypeError(`toHaveToolCalls got order '${order}'; use one of ${orders.join(', ')}.`);
  }
  if (!argsModes.includes(args)) {
    throw new TypeError(`toHaveToolCalls got args '${args}'; use one of ${argsModes.join(', ')}.`);
  }
  const actual = readToolCalls(received, 'toHaveToolCalls');
  const [failure] = checkToolCalls({
    expected: { order, args, calls: [...calls] },
    actual,
    path: 'toolCalls',
  });
  const mode = `order: ${order}, args: ${args}`;
  if (failure === undefined) {
    return { pass: true, message: () => `expected the tool calls not to match these (${mode}), they did` };
  }
  return {
    pass: false,
    message: () => `${failure.message} (${mode})`,
    expected: calls,
    actual: summarizeToolCalls({ actual, expected: calls, args }),
  };
}

/** Whether a value from the caller is an array (JavaScript callers may pass anything). */
function isList(value: unknown): boolean {
  return Array.isArray(value);
}
