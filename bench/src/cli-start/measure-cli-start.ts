import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { pairRatios } from '../stats/pair-ratios.js';
import { runInterleaved } from '../stats/run-interleaved.js';
import { summarize, type Summary } from '../stats/summarize.js';

/** One command of the start table: its CPU, its peak memory, and its CPU over `vitest --version`'s, run by run. */
export interface CliStartCommandResult {
  id: CliStartCommandId;
  /** The command as a user types it. */
  command: string;
  /** User + system CPU of the whole process, from its start to its exit, in milliseconds. */
  cpuMilliseconds: Summary;
  /** Peak resident memory of the process, in megabytes. */
  peakRssMegabytes: Summary;
  /** Its CPU over the reference's, pair by pair (the reference itself: 1). */
  overReference: Summary;
}

/** What the start benchmark measured. */
export interface CliStartResult {
  runs: number;
  /** The directory `list` and `validate` read, relative to the repository. */
  scenarios: string;
  commands: CliStartCommandResult[];
}

/** The commands, the reference first. */
export const cliStartCommandIds = ['vitest-version', 'version', 'help', 'list', 'validate'] as const;
export type CliStartCommandId = (typeof cliStartCommandIds)[number];

const require = createRequire(import.meta.url);
const run = promisify(execFile);
const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
// The built module, from the package's sources and from its `dist` alike (both sit two levels down).
const readOwnPeakRssModule = new URL('../../dist/internal/read-own-peak-rss.js', import.meta.url).href;

const scenarios = 'scenarios/judges';

/**
 * The command line's start: `toolloop-eval --version`, `--help`, `list` and `validate` (of a directory of five
 * scenarios) against `vitest --version`, each a process of its own, interleaved in a shuffled order every round.
 * A module loaded first (`--import`) writes each process's CPU (user + system, from its start) and peak memory as
 * it exits: what a user's machine pays to run the command, startup included, the same way for every contender.
 */
export async function measureCliStart({
  warmupRuns,
  runs,
}: {
  warmupRuns: number;
  runs: number;
}): Promise<CliStartResult> {
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-bench-start-'));
  try {
    const reportFile = join(directory, 'usage.json');
    const hook = join(directory, 'report-usage.mjs');
    await writeFile(
      hook,
      [
        "import { writeFileSync } from 'node:fs';",
        // The command's own peak memory, read as the benchmark reads every process's (the built module: the hook
        // is plain JavaScript in the measured process).
        `import { readOwnPeakRssKilobytes } from ${JSON.stringify(readOwnPeakRssModule)};`,
        "process.once('exit', () => {",
        '  const cpu = process.cpuUsage();',
        `  writeFileSync(${JSON.stringify(reportFile)}, JSON.stringify({ cpuMicroseconds: cpu.user + cpu.system, peakRssKilobytes: readOwnPeakRssKilobytes() }));`,
        '});',
        '',
      ].join('\n'),
    );
    const evalBin = await findBin({ packageName: '@toolloop/eval', bin: 'toolloop-eval' });
    const vitestBin = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
    const commands: Record<CliStartCommandId, { command: string; args: string[] }> = {
      'vitest-version': { command: 'vitest --version', args: [vitestBin, '--version'] },
      version: { command: 'toolloop-eval --version', args: [evalBin, '--version'] },
      help: { command: 'toolloop-eval --help', args: [evalBin, '--help'] },
      list: { command: `toolloop-eval list ${scenarios}`, args: [evalBin, 'list', scenarios] },
      validate: { command: `toolloop-eval validate ${scenarios}`, args: [evalBin, 'validate', scenarios] },
    };
    const measured = new Map<CliStartCommandId, { cpu: number[]; rss: number[] }>(
      cliStartCommandIds.map((id) => [id, { cpu: [], rss: [] }]),
    );
    await runInterleaved({
      contenders: cliStartCommandIds.map((id) => ({
        id,
        run: async () => {
          await rm(reportFile, { force: true });
          await run(process.execPath, ['--import', pathToFileURL(hook).href, ...commands[id].args], {
            cwd: repositoryRoot,
          });
          const usage = JSON.parse(await readFile(reportFile, 'utf8')) as {
            cpuMicroseconds: number;
            peakRssKilobytes: number;
          };
          measured.get(id)?.cpu.push(usage.cpuMicroseconds / 1000);
          measured.get(id)?.rss.push(usage.peakRssKilobytes / 1024);
        },
      })),
      warmupRuns,
      runs,
    });
    // Each command's warm-up runs come first; the rounds after them line up command by command.
    for (const samples of measured.values()) {
      samples.cpu.splice(0, warmupRuns);
      samples.rss.splice(0, warmupRuns);
    }
    const reference = measured.get('vitest-version')?.cpu ?? [];
    return {
      runs,
      scenarios,
      commands: cliStartCommandIds.map((id) => {
        const { cpu, rss } = measured.get(id) ?? { cpu: [], rss: [] };
        return {
          id,
          command: commands[id].command,
          cpuMilliseconds: summarize(cpu),
          peakRssMegabytes: summarize(rss),
          overReference: summarize(pairRatios({ numerators: cpu, denominators: reference })),
        };
      }),
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * The file a package's `bin` names, as npm links it: found from the package's entry (whichever form it resolves
 * to, built or, under vitest, its sources), up to its `package.json`.
 */
async function findBin({ packageName, bin }: { packageName: string; bin: string }): Promise<string> {
  let directory = dirname(fileURLToPath(import.meta.resolve(packageName)));
  for (;;) {
    const manifest = JSON.parse(
      await readFile(join(directory, 'package.json'), 'utf8').catch(() => 'null'),
    ) as {
      name?: string;
      bin?: Record<string, string>;
    } | null;
    const file = manifest?.name === packageName ? manifest.bin?.[bin] : undefined;
    if (file !== undefined) return join(directory, file);
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`No bin ${bin} found for ${packageName}.`);
    directory = parent;
  }
}
