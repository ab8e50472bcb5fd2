import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FloorRun } from './run-floor-once.js';
import type { SuiteRun } from './run-suite-once.js';

const execFileAsync = promisify(execFile);
const runSuiteBin = fileURLToPath(new URL('../bin/run-suite.js', import.meta.url));
const runFloorBin = fileURLToPath(new URL('../bin/run-floor.js', import.meta.url));

/**
 * Runs one suite measurement in a fresh Node process (`bin/run-suite.js`), so every measurement starts cold
 * and its peak memory is its own. `cpuProfileDirectory` adds `--cpu-prof` and writes the profile there.
 */
export async function runSuiteInChild({
  directory,
  workers,
  cpuProfileDirectory,
}: {
  directory: string;
  workers: number;
  cpuProfileDirectory?: string | undefined;
}): Promise<SuiteRun> {
  const profile =
    cpuProfileDirectory === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', cpuProfileDirectory];
  const { stdout } = await execFileAsync(
    process.execPath,
    [...profile, runSuiteBin, directory, String(workers)],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return parseSuiteRun(stdout);
}

/** Runs the floor of `count` generated scenarios (see `runFloorOnce`) in a fresh Node process (`bin/run-floor.js`). */
export async function runFloorInChild({ count }: { count: number }): Promise<FloorRun> {
  const { stdout } = await execFileAsync(process.execPath, [runFloorBin, String(count)]);
  const parsed: unknown = JSON.parse(stdout);
  if (typeof parsed !== 'object' || parsed === null || !('durationMs' in parsed))
    throw new Error(`run-floor printed no measurement: ${stdout.slice(0, 200)}`);
  return parsed as FloorRun;
}

function parseSuiteRun(stdout: string): SuiteRun {
  const parsed: unknown = JSON.parse(stdout);
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('durationMs' in parsed) ||
    !('peakRssBytes' in parsed)
  )
    throw new Error(`run-suite printed no measurement: ${stdout.slice(0, 200)}`);
  return parsed as SuiteRun;
}
