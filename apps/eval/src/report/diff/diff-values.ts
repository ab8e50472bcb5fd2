import type { JsonValue } from '@toolloop/core';
import { diffLines, type DiffLine } from './diff-lines.js';
import { toStableJson } from './to-stable-json.js';

/**
 * How to show an expected and an actual value: short values side by side (`values`), longer ones as a line
 * diff (`lines`) — multi-line strings by their lines, JSON objects and arrays pretty-printed.
 */
export type ValueDiff =
  | { type: 'values'; expected: string; actual: string }
  | { type: 'lines'; lines: DiffLine[] }
  | { type: 'none' };

/** Chooses and computes the diff of one failure's expected and actual values. */
export function diffValues({ expected, actual }: { expected: JsonValue; actual: JsonValue }): ValueDiff {
  if (expected === null && actual === null) return { type: 'none' };
  if (typeof expected === 'string' && typeof actual === 'string') {
    if (!expected.includes('\n') && !actual.includes('\n')) {
      return { type: 'values', expected: JSON.stringify(expected), actual: JSON.stringify(actual) };
    }
    return {
      type: 'lines',
      lines: diffLines({ expected: expected.split('\n'), actual: actual.split('\n') }),
    };
  }
  const expectedJson = toStableJson(expected);
  const actualJson = toStableJson(actual);
  if (!expectedJson.includes('\n') && !actualJson.includes('\n')) {
    return { type: 'values', expected: expectedJson, actual: actualJson };
  }
  return {
    type: 'lines',
    lines: diffLines({ expected: expectedJson.split('\n'), actual: actualJson.split('\n') }),
  };
}
