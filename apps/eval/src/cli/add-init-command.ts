import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import type { ProgramOutput } from './create-program.js';
import { findMissingPackages } from './find-missing-packages.js';
import { findModuleType } from './find-module-type.js';
import { writeInitFiles, type WriteInitFilesResult } from './write-init-files.js';

/** What the generated agent and config import, so the project must install them. */
const requiredPackages = ['@toolloop/eval', '@toolloop/core', 'zod'];

/**
 * Adds `init` to the program: writes a config, an example agent with one local tool, two scenarios (one that
 * passes, one whose agent stops at its round cap) and a GitHub Actions job into the working directory or
 * `--dir`. A file already there is never overwritten: it is kept and named in the output. In a CommonJS project
 * the config and the agent are `.mts` files, and the output says why. Prints what it wrote and the commands to
 * run next. Exit code 0, or 2 when the directory cannot be written.
 */
export function addInitCommand({
  program,
  output,
  cwd,
}: {
  program: Command;
  output: ProgramOutput;
  cwd: string;
}): void {
  program
    .command('init')
    .description(
      'write a config, an example agent, two scenarios and a CI job to start from (never over an existing file)',
    )
    .option('--dir <directory>', 'where to write them (default: the working directory)')
    .action(async (options: { dir?: string }) => {
      const directory = resolve(cwd, options.dir ?? '.');
      try {
        const result = await writeInitFiles({ directory, moduleType: await findModuleType(directory) });
        const missing = await findMissingPackages({ names: requiredPackages, directory });
        output.stdout(formatInitReport({ result, missing, directory, cwd }));
      } catch (error) {
        output.stderr(
          `toolloop-eval init could not write into ${directory}: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        process.exitCode = 2;
      }
    });
}

function formatInitReport({
  result,
  missing,
  directory,
  cwd,
}: {
  result: WriteInitFilesResult;
  missing: readonly string[];
  directory: string;
  cwd: string;
}): string {
  const lines: string[] = [];
  const width = Math.max(
    ...[...result.written, ...result.kept.map(({ file }) => file)].map(({ path }) => path.length),
  );
  for (const file of result.written) lines.push(`Wrote ${file.path.padEnd(width)}  ${file.what}`);
  for (const { file, existing } of result.kept) {
    const reason =
      existing === file.path ? 'already there, not overwritten' : `not written: ${existing} is already there`;
    lines.push(`Kept  ${file.path.padEnd(width)}  ${reason}`);
  }
  if (result.written.length === 0) lines.push('Nothing written: every file is already there.');
  if (result.written.some(({ path, template }) => path !== template)) {
    lines.push(
      '',
      'This project is CommonJS (no package.json here says "type": "module"): the config and the agent are .mts',
      'files, which are ES modules in any project, so they compile and run as they are.',
    );
  }

  const configKept = result.kept.some(({ file }) => file.template === 'toolloop.config.ts');
  const next: string[] = [];
  const where = relative(cwd, directory);
  if (where !== '') next.push(`cd ${quoteForShell(where)}`);
  if (missing.length > 0) next.push(`npm install --save-dev ${missing.join(' ')}`);
  // With the user's own config, `run` runs what that config says; the new scenarios are named instead.
  next.push(configKept ? 'npx toolloop-eval run evals/' : 'npx toolloop-eval run');
  lines.push('', 'Next:', ...next.map((command) => `  ${command}`), '');
  return lines.join('\n');
}

function quoteForShell(path: string): string {
  return /^[\w./-]+$/u.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}
