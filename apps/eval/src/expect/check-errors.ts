import type { LoopEvent } from '@toolloop/core';
import type { ScenarioFailure } from '../report/run-report.js';
import { createFailure } from './create-failure.js';

/** `expect.errors`: each listed error event (by code, and tool when given) must appear, in any order. */
export function checkErrors({
  expected,
  events,
  path,
}: {
  expected: ReadonlyArray<{ code: string; tool?: string }> | undefined;
  events: readonly LoopEvent[];
  path: string;
}): ScenarioFailure[] {
  if (expected === undefined) return [];
  const errors = events.flatMap((event) =>
    event.type === 'error' ? [{ code: event.code, tool: event.toolName }] : [],
  );
  return expected.flatMap((error, index) =>
    errors.some(
      (actual) => actual.code === error.code && (error.tool === undefined || actual.tool === error.tool),
    )
      ? []
      : [
          createFailure({
            path: `${path}[${index}]`,
            message: `expected an error event '${error.code}'${error.tool === undefined ? '' : ` for tool '${error.tool}'`}`,
            expected: error,
            actual: errors,
          }),
        ],
  );
}
