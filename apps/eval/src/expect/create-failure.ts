import type { JsonValue } from '@toolloop/core';
import type { ScenarioFailure } from '../report/run-report.js';

/** A failure with its values made JSON-safe (`undefined` becomes `null`), as reports need them. */
export function createFailure({
  path,
  message,
  expected,
  actual,
}: {
  path: string;
  message: string;
  expected: unknown;
  actual: unknown;
}): ScenarioFailure {
  return { path, message, expected: toJson(expected), actual: toJson(actual) };
}

function toJson(value: unknown): JsonValue {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as JsonValue);
}
