import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { mockMcpBinPath } from '../src/bin/mock-mcp-bin-path.js';
import {
  resolveConformanceBin,
  runConformanceSuite,
  type ConformanceScenarioResult,
} from './run-conformance-suite.js';

const specPath = new URL('../examples/conformance-server.yaml', import.meta.url).pathname;

/** The active server scenarios of @modelcontextprotocol/conformance 0.1.13. */
const activeScenarios = 30;
/** What the mock must pass at least: 30 of the suite's active server checks. */
const targetPassedChecks = 30;

/**
 * The newest suite (0.2.0-alpha.12, as `conformance-node22`) runs on Node 22 and later, as in CI's Node 24 run;
 * on Node 20 the 0.1.13 suite runs alone.
 */
const newestSuite = Number(process.versions.node.split('.')[0]) >= 22;

/**
 * The scenarios of the newest suite's 2026-07-28 requirements the mock does not pass, each for a reason: the
 * tasks extension (no tasks in the mock), and two scenarios the suite marks pending (JSON Schema 2020-12
 * keywords, custom `x-mcp-header` headers), not scored.
 */
const knownFailing2026 = [
  'http-custom-header-server-validation',
  'json-schema-2020-12',
  'tasks-capability-negotiation',
  'tasks-dispatch-and-envelope',
  'tasks-lifecycle',
  'tasks-mrtr-composition',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-request-state-removal',
  'tasks-required-task-error',
  'tasks-wire-fields',
];

/** Serves the conformance spec over HTTP from the mock-mcp command while `run` runs against its URL. */
async function withMockServer<Result>(run: (url: string) => Promise<Result>): Promise<Result> {
  const mock = spawn(process.execPath, [mockMcpBinPath, '--spec', specPath, '--http'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    return await run(await readUrl(mock));
  } finally {
    if (mock.exitCode === null && mock.signalCode === null) {
      const exited = once(mock, 'exit');
      mock.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
    }
  }
}

/** Runs the suite's server scenarios with `args` against the mock, in a directory of its own. */
async function runSuite(options: { newest: boolean; args?: string[] }): Promise<ConformanceScenarioResult[]> {
  const outputDirectory = await mkdtemp(join(tmpdir(), 'mock-mcp-conformance-'));
  try {
    return await withMockServer((url) =>
      runConformanceSuite({
        url,
        outputDirectory,
        timeoutMs: 120_000,
        bin: resolveConformanceBin({ newest: options.newest }),
        ...(options.args === undefined ? {} : { args: options.args }),
      }),
    );
  } finally {
    await rm(outputDirectory, { recursive: true, force: true });
  }
}

function failedChecks(results: readonly ConformanceScenarioResult[]): string[] {
  return results
    .flatMap((result) => result.checks.map((check) => ({ ...check, scenario: result.scenario })))
    .filter((check) => check.status === 'FAILURE')
    .map((check) => `${check.scenario} ${check.id}: ${check.errorMessage ?? ''}`);
}

/** The URL `mock-mcp --http` prints, or an error when it exits first. */
async function readUrl(mock: ChildProcessByStdio<null, Readable, null>): Promise<string> {
  const lines = createInterface({ input: mock.stdout });
  const done = new AbortController();
  const exited = once(mock, 'exit', { signal: done.signal }).then(([code]) => {
    throw new Error(`mock-mcp exited with code ${String(code)} before it printed its URL.`);
  });
  // Only the race below reads it; once the URL is in, its end (an AbortError) means nothing.
  exited.catch(() => undefined);
  try {
    const [url] = (await Promise.race([once(lines, 'line'), exited])) as [string];
    return url;
  } finally {
    done.abort();
    lines.close();
  }
}

/** A run of the suite: its name, and how the results must look. */
interface SuiteRun {
  name: string;
  newest: boolean;
  args?: string[];
  check: (results: readonly ConformanceScenarioResult[]) => void;
}

/** On Node 20 the 0.1.13 suite; on Node 22 and later the newest, for each of the two revisions. */
const suiteRuns: SuiteRun[] = newestSuite
  ? [
      {
        name: 'passes every server check of the newest suite for 2025-11-25',
        newest: true,
        args: ['--requirements', '2025-11-25'],
        check: (results) => {
          expect(results.length).toBeGreaterThanOrEqual(activeScenarios);
          expect(failedChecks(results)).toEqual([]);
        },
      },
      {
        name: 'passes every scored scenario of the newest suite for 2026-07-28 (not the tasks extension, nor two pending ones)',
        newest: true,
        args: ['--requirements', '2026-07-28'],
        check: (results) => {
          const failing = results
            .filter((result) => result.checks.some((check) => check.status === 'FAILURE'))
            .map((result) => result.scenario)
            .sort();
          expect(failing).toEqual(knownFailing2026);
          expect(results.length - failing.length).toBeGreaterThanOrEqual(39);
        },
      },
    ]
  : [
      {
        name: 'passes every active server check of 0.1.13',
        newest: false,
        check: (results) => {
          const passed = results
            .flatMap((result) => result.checks)
            .filter((check) => check.status === 'SUCCESS');
          expect(results).toHaveLength(activeScenarios);
          expect(failedChecks(results)).toEqual([]);
          expect(passed.length).toBeGreaterThanOrEqual(targetPassedChecks);
        },
      },
    ];

describe('the MCP conformance suite against mock-mcp --http serving examples/conformance-server.yaml', () => {
  for (const run of suiteRuns) {
    it(
      run.name,
      async () => {
        run.check(
          await runSuite({ newest: run.newest, ...(run.args === undefined ? {} : { args: run.args }) }),
        );
      },
      150_000,
    );
  }
});
