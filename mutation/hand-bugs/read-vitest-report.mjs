// @ts-check
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';

/**
 * @typedef {{ caught: boolean; outcome: 'failed' | 'passed' | 'timeout' | 'error'; seconds: number; failures: string[] }} Measure
 */

/**
 * What one `vitest run` came to, from its JSON report and its output: caught when a test or a test file failed,
 * when vitest itself failed, or when it outran its limit.
 * @param {{ report: string; output: string; outcome: 'passed' | 'failed' | 'timeout'; seconds: number; limitMs: number; log: string; root: string; listsScenarios: boolean }} options
 *   `root`: what paths are shown relative to; `log`: where the output was kept.
 * @returns {Promise<Measure>}
 */
export async function readVitestReport({
  report,
  output,
  outcome,
  seconds,
  limitMs,
  log,
  root,
  listsScenarios,
}) {
  if (outcome === 'timeout') {
    return { caught: true, outcome, seconds, failures: [`did not end within ${limitMs / 60_000} min`] };
  }
  /** @type {{ numFailedTests: number; numFailedTestSuites: number; testResults: Array<{ name: string; message?: string; assertionResults: Array<{ status: string; fullName: string; failureMessages: string[] }> }> } | undefined} */
  const parsed = existsSync(report) ? JSON.parse(await readFile(report, 'utf8')) : undefined;
  if (parsed === undefined) {
    return {
      caught: true,
      outcome: 'error',
      seconds,
      failures: [`vitest wrote no report (see ${log})`],
    };
  }
  const failures = parsed.testResults.flatMap((file) => [
    ...(file.message === undefined || file.message === ''
      ? []
      : [`${relative(root, file.name)}: ${firstLine(file.message)}`]),
    ...file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${test.fullName}: ${firstLine(test.failureMessages[0] ?? '')}`),
  ]);
  if (parsed.numFailedTests > 0 || parsed.numFailedTestSuites > 0) {
    const problems = listsScenarios ? scenarioProblems(output) : [];
    return { caught: true, outcome: 'failed', seconds, failures: problems.length > 0 ? problems : failures };
  }
  // Tests all passed, yet vitest failed (an unhandled error, a configuration it could not load).
  if (outcome !== 'passed')
    return { caught: true, outcome: 'error', seconds, failures: [`vitest failed (see ${log})`] };
  return { caught: false, outcome: 'passed', seconds, failures: [] };
}

/**
 * The scenario problems the suite's expectation lists (`scenarios/<file> <path>: <message>`), read from vitest's
 * diff in its output: its JSON report keeps only the assertion's first line.
 * @param {string} output
 * @returns {string[]}
 */
function scenarioProblems(output) {
  return output
    .split('\n')
    .map((line) => /^\+\s+("scenarios\/.*"),?$/u.exec(line.trim())?.[1])
    .filter((literal) => literal !== undefined)
    .map((literal) => {
      try {
        return String(JSON.parse(literal)).slice(0, 300);
      } catch {
        return literal.slice(1, 301);
      }
    });
}

/** @param {string} text */
function firstLine(text) {
  return (text.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 300);
}
