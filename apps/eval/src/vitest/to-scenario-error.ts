import type { ScenarioResult } from '../report/run-report.js';
import { ScenarioAssertionError } from './scenario-assertion-error.js';

/**
 * What a scenario test throws for a result: nothing when it passed, a `ScenarioAssertionError` (with the
 * expected/actual values the command line diffs) when expectations failed, or the runner's own error — a
 * server that would not start, a bug — with its stack, after the expectations that failed before it.
 */
export function toScenarioError(result: ScenarioResult): Error | undefined {
  if (result.error !== undefined) {
    const failed = result.failures.map((failure) => `\n${result.file} ${failure.path}: ${failure.message}`);
    const error = new Error(
      `the scenario in ${result.file} could not run: ${result.error.message}${failed.join('')}`,
    );
    if (result.error.stack !== undefined)
      error.stack = `${error.name}: ${error.message}\n${stackFrames(result.error.stack)}`;
    return error;
  }
  if (result.failures.length > 0)
    return new ScenarioAssertionError({ file: result.file, failures: result.failures });
  return undefined;
}

/** The `at …` lines of a stack, without the message it starts with. */
function stackFrames(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}
