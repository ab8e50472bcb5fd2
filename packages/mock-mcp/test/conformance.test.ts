import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { mockMcpBinPath } from '../src/bin/mock-mcp-bin-path.js';
import { runConformanceSuite } from './run-conformance-suite.js';

const specPath = new URL('../examples/conformance-server.yaml', import.meta.url).pathname;

/** The active server scenarios of @modelcontextprotocol/conformance 0.1.13. */
const activeScenarios = 30;
/** What the mock must pass at least: 30 of the suite's active server checks. */
const targetPassedChecks = 30;

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

describe('the MCP conformance suite against mock-mcp --http serving examples/conformance-server.yaml', () => {
  it('passes every active server check', async () => {
    const outputDirectory = await mkdtemp(join(tmpdir(), 'mock-mcp-conformance-'));
    const mock = spawn(process.execPath, [mockMcpBinPath, '--spec', specPath, '--http'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await readUrl(mock);
      const results = await runConformanceSuite({ url, outputDirectory, timeoutMs: 60_000 });
      const checks = results.flatMap((result) => result.checks);
      const failed = checks
        .filter((check) => check.status === 'FAILURE')
        .map((check) => `${check.id}: ${check.errorMessage ?? ''}`);
      const passed = checks.filter((check) => check.status === 'SUCCESS');

      expect(results).toHaveLength(activeScenarios);
      expect(failed).toEqual([]);
      expect(passed.length).toBeGreaterThanOrEqual(targetPassedChecks);
    } finally {
      if (mock.exitCode === null && mock.signalCode === null) {
        const exited = once(mock, 'exit');
        mock.kill('SIGTERM');
        expect(await exited).toEqual([0, null]);
      }
      await rm(outputDirectory, { recursive: true, force: true });
    }
  }, 90_000);
});
