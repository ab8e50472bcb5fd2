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

/**
 * The path of an installed `conformance` script, to run with this Node binary (never through npx): 0.1.13, the
 * last suite that runs on Node 20, or with `newest` the one installed as `conformance-node22` (Node 22 and later).
 */
export function resolveConformanceBin(options: { newest?: boolean } = {}): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve(
    `${options.newest === true ? 'conformance-node22' : '@modelcontextprotocol/conformance'}/package.json`,
  );
  const manifest = require(manifestPath) as { bin: string | { conformance: string } };
  return join(
    dirname(manifestPath),
    typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.conformance,
  );
}

/**
 * Runs the conformance suite's server scenarios (the active suite, or those `args` choose, such as
 * `--requirements 2026-07-28`) against `url`, writing its results to `outputDirectory`, and reads back every
 * scenario's checks; a scenario that recorded none (it crashed) reads as one failed check. The suite exits 1
 * when a check fails; that is read from the checks, not from the exit code.
 */
export async function runConformanceSuite(options: {
  url: string;
  outputDirectory: string;
  timeoutMs: number;
  bin?: string;
  args?: readonly string[];
}): Promise<ConformanceScenarioResult[]> {
  const { url, outputDirectory, timeoutMs, bin = resolveConformanceBin(), args = [] } = options;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [bin, 'server', '--url', url, '--output-dir', outputDirectory, ...args],
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
      checks: await readChecks(join(outputDirectory, directory, 'checks.json')),
    })),
  );
}

async function readChecks(path: string): Promise<ConformanceCheck[]> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as ConformanceCheck[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return [{ id: 'checks-recorded', status: 'FAILURE', errorMessage: 'The scenario recorded no checks.' }];
  }
}
