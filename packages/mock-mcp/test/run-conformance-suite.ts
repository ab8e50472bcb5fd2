import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** One check of the MCP conformance suite, as its `checks.json` files record it. */
export interface ConformanceCheck {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

/** The checks of one scenario. */
export interface ConformanceScenarioResult {
  scenario: string;
  checks: ConformanceCheck[];
}

/** The path of the installed `conformance` script, to run with this Node binary (never through npx). */
export function resolveConformanceBin(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@modelcontextprotocol/conformance/package.json');
  const manifest = require(manifestPath) as { bin: { conformance: string } };
  return join(dirname(manifestPath), manifest.bin.conformance);
}

/**
 * Runs the conformance suite's server scenarios (the active suite) against `url`, writing its results to
 * `outputDirectory`, and reads back every scenario's checks. The suite exits 1 when a check fails; that is
 * read from the checks, not from the exit code.
 */
export async function runConformanceSuite(options: {
  url: string;
  outputDirectory: string;
  timeoutMs: number;
}): Promise<ConformanceScenarioResult[]> {
  const { url, outputDirectory, timeoutMs } = options;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [resolveConformanceBin(), 'server', '--url', url, '--output-dir', outputDirectory],
      { timeout: timeoutMs },
      (error, _stdout, stderr) => {
        if (error !== null && error.code !== 1) reject(new Error(`${error.message}\n${stderr}`));
        else resolve();
      },
    );
  });
  const directories = await readdir(outputDirectory);
  return Promise.all(
    directories.map(async (directory) => ({
      // Each directory is named server-<scenario>-<ISO timestamp with : and . as ->.
      scenario: directory.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, ''),
      checks: JSON.parse(
        await readFile(join(outputDirectory, directory, 'checks.json'), 'utf8'),
      ) as ConformanceCheck[],
    })),
  );
}
