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

// Values of different kinds (an object and a number) have nothing to align: side by side while they fit.
const maxSideBySideCharacters = 100;

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
  const compactExpected = JSON.stringify(expected);
  const compactActual = JSON.stringify(actual);
  const fitsSideBySide = Math.max(compactExpected.length, compactActual.length) <= maxSideBySideCharacters;
  if (!isSameKindOfContainer(expected, actual) && fitsSideBySide) {
    return { type: 'values', expected: compactExpected, actual: compactActual };
  }
  return {
    type: 'lines',
    lines: diffLines({
      expected: toStableJson(expected).split('\n'),
      actual: toStableJson(actual).split('\n'),
    }),
  };
}

function isSameKindOfContainer(expected: JsonValue, actual: JsonValue): boolean {
  const kind = (value: JsonValue) =>
    Array.isArray(value) ? 'array' : typeof value === 'object' && value !== null ? 'object' : 'scalar';
  return kind(expected) === kind(actual) && kind(expected) !== 'scalar';
}
