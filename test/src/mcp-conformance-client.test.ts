import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface ConformanceCheck {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

const clientScript = fileURLToPath(new URL('support/conformance-client.mjs', import.meta.url));

/** The installed `conformance` script, run with this Node binary (never through npx). */
function conformanceBin(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@modelcontextprotocol/conformance/package.json');
  const manifest = require(manifestPath) as { bin: { conformance: string } };
  return join(dirname(manifestPath), manifest.bin.conformance);
}

/** Runs one client scenario of the suite against the client script, and reads its checks back. */
async function runClientScenario(scenario: string): Promise<ConformanceCheck[]> {
  const outputDirectory = await mkdtemp(join(tmpdir(), 'toolloop-conformance-client-'));
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        [
          conformanceBin(),
          'client',
          '--command',
          `${JSON.stringify(process.execPath)} ${JSON.stringify(clientScript)}`,
          '--scenario',
          scenario,
          '--output-dir',
          outputDirectory,
        ],
        { timeout: 60_000 },
        // The suite exits 1 when a check fails; that is read from the checks.
        (error, _stdout, stderr) => {
          if (error !== null && error.code !== 1) reject(new Error(`${error.message}\n${stderr}`));
          else resolve();
        },
      );
    });
    const [directory] = await readdir(outputDirectory);
    if (directory === undefined) throw new Error(`The suite wrote no results for '${scenario}'.`);
    return JSON.parse(
      await readFile(join(outputDirectory, directory, 'checks.json'), 'utf8'),
    ) as ConformanceCheck[];
  } finally {
    await rm(outputDirectory, { recursive: true, force: true });
  }
}

const failures = (checks: ConformanceCheck[]) =>
  checks
    .filter((check) => check.status === 'FAILURE')
    .map((check) => `${check.id}: ${check.errorMessage ?? ''}`);

describe('the MCP conformance suite against connectMcpServers (client scenarios for what it declares)', () => {
  it.each([
    ['initialize', ['mcp-client-initialization']],
    ['tools_call', ['tool-add-numbers']],
    [
      'elicitation-sep1034-client-defaults',
      [
        'client-elicitation-sep1034-string-default',
        'client-elicitation-sep1034-integer-default',
        'client-elicitation-sep1034-number-default',
        'client-elicitation-sep1034-enum-default',
        'client-elicitation-sep1034-boolean-default',
      ],
    ],
    // Its timing check is a warning, not a failure, when a loaded machine reconnects a little late.
    ['sse-retry', ['client-sse-graceful-reconnect']],
  ])(
    '%s',
    async (scenario, mustPass) => {
      const checks = await runClientScenario(scenario);

      expect(failures(checks)).toEqual([]);
      expect(
        mustPass.filter((id) => !checks.some((check) => check.id === id && check.status === 'SUCCESS')),
      ).toEqual([]);
    },
    90_000,
  );
});
