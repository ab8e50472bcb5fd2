import type { JsonValue } from '@toolloop/core';
import type { MatcherState, MatcherResult } from 'vitest';
import { checkToolCalls } from '../expect/check-tool-calls.js';
import { readToolCalls } from './read-loop-result.js';
import { summarizeToolCalls } from './summarize-tool-calls.js';

/**
 * `expect(result).toHaveCalledTool('search', { query: 'refund' })`: at least one call of the tool, whose input
 * contains the given input when there is one (compared as `args: 'partial'` compares).
 */
export function toHaveCalledTool(
  this: MatcherState,
  received: unknown,
  name: string,
  input?: JsonValue,
): MatcherResult {
  if (typeof name !== 'string') throw new TypeError("toHaveCalledTool expects a tool's name.");
  const actual = readToolCalls(received, 'toHaveCalledTool');
  const expected = [{ name, ...(input === undefined ? {} : { input }) }];
  const failures = checkToolCalls({
    expected: { order: 'subset', args: 'partial', calls: expected },
    actual,
    path: 'toolCalls',
  });
  const call = `call to '${name}'${input === undefined ? '' : ` with input containing ${JSON.stringify(input)}`}`;
  if (failures.length === 0) {
    return { pass: true, message: () => `expected no ${call}, the loop made one` };
  }
  const named = actual.filter((made) => made.name === name);
  return {
    pass: false,
    message: () =>
      actual.length === 0
        ? `expected a ${call}, the loop made no tool call`
        : `expected a ${call}, the loop called ${actual.map((made) => made.name).join(', ')}`,
    expected,
    actual: summarizeToolCalls({ actual: named.length > 0 ? named : actual, expected, args: 'partial' }),
  };
}
