// @ts-check
/* global process, console, performance */
// `pnpm mutation [unit|scenarios ...] [stryker options]`: Stryker over core's loop in each named configuration
// (both when none is named), one after the other, the scenario one after `turbo run build`; arguments that
// start with `-` go to Stryker (`--force`). After each run the undetected mutants (survived or not covered) are
// listed in reports/mutation-<configuration>-survivors.txt.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { listUndetectedMutants } from './list-undetected-mutants.mjs';
import { scoreOf } from './score-of.mjs';

const repositoryRoot = join(import.meta.dirname, '..');
/** The directories Stryker writes its mutants into (see define-stryker-config.mjs). */
const mutatedDirectories = ['packages/core/src/loop', 'packages/core/src/options'];
const configurations = ['unit', 'scenarios'];
/** What Stryker's instrumenter puts in every file it mutates. */
const instrumentedMarker = 'stryMutAct_9fa48';

const argumentsGiven = process.argv.slice(2).filter((argument) => argument !== '--');
const named = argumentsGiven.filter((argument) => !argument.startsWith('-'));
const strykerOptions = argumentsGiven.filter((argument) => argument.startsWith('-'));
const unknown = named.filter((name) => !configurations.includes(name));
if (unknown.length > 0) {
  console.error(
    `Unknown mutation configuration ${unknown.join(', ')}; the configurations are ${configurations.join(', ')}.`,
  );
  process.exit(2);
}

for (const name of named.length === 0 ? configurations : named) {
  await refuseInstrumentedSources();
  // Scenarios run command MCP servers from built packages (`mock-mcp`). Built now, before Stryker writes its
  // mutants into core's sources: a build during the run would compile them in.
  if (name === 'scenarios') {
    const buildExitCode = await run(join(repositoryRoot, 'node_modules/.bin/turbo'), [
      'run',
      'build',
      '--output-logs=errors-only',
    ]);
    if (buildExitCode !== 0) {
      console.error(`The build before the scenario run failed (exit code ${buildExitCode}); see above.`);
      process.exit(buildExitCode);
    }
  }
  const incrementalFile = join(repositoryRoot, `mutation/${name}.incremental.json`);
  const started = performance.now();
  const exitCode = await runStryker(name);
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  // Stryker puts the originals back when it ends, even on Ctrl+C; this says so loudly if it could not.
  await refuseInstrumentedSources();
  if (exitCode !== 0) {
    console.error(`Stryker (${name}) ended with exit code ${exitCode} after ${minutes} min.`);
    process.exit(exitCode);
  }
  await compactIncrementalFile(name);
  // The survivors and the score over every file, from the results kept (a run over some files, `--mutate`,
  // keeps the others' results from the run before).
  const survivors = join(repositoryRoot, `reports/mutation-${name}-survivors.txt`);
  const count = await listUndetectedMutants({ report: incrementalFile, to: survivors });
  const { total, killed, timedOut, survived, noCoverage, score } = scoreOf(
    JSON.parse(await readFile(incrementalFile, 'utf8')),
  );
  console.log(
    `Mutation (${name}): ${minutes} min; over every file ${total} mutants, ${killed} killed, ${timedOut} timed out, ` +
      `${survived} survived, ${noCoverage} not covered: ${score.toFixed(2)}%. ${count} undetected mutants in ` +
      `${relative(repositoryRoot, survivors)}, the report of this run in reports/mutation/${name}.html.`,
  );
}

/** @param {string} name @returns {Promise<number>} */
function runStryker(name) {
  const stryker = join(repositoryRoot, 'node_modules/.bin/stryker');
  return run(stryker, ['run', `mutation/stryker.${name}.config.mjs`, ...strykerOptions]);
}

/** @param {string} command @param {string[]} commandArguments @returns {Promise<number>} */
function run(command, commandArguments) {
  const child = spawn(command, commandArguments, { cwd: repositoryRoot, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

/**
 * Stops when a loop source still holds Stryker's instrumented code: a run killed before it could restore the
 * originals (`kill -9`, a machine that stopped). Mutating it again would make the mutant the new original.
 */
async function refuseInstrumentedSources() {
  const instrumented = [];
  for (const directory of mutatedDirectories) {
    const files = (await readdir(join(repositoryRoot, directory), { recursive: true })).filter((file) =>
      file.endsWith('.ts'),
    );
    for (const file of files) {
      const path = join(directory, file);
      if ((await readFile(join(repositoryRoot, path), 'utf8')).includes(instrumentedMarker))
        instrumented.push(path);
    }
  }
  if (instrumented.length === 0) return;
  const backups = join(repositoryRoot, '.stryker-tmp');
  console.error(
    [
      `These files hold Stryker's mutants, left by a mutation run that did not end cleanly: ${instrumented.join(', ')}.`,
      existsSync(backups)
        ? `Their originals are in the newest .stryker-tmp/backup-*/ under the same paths; copy them back, or run \`git checkout -- ${mutatedDirectories.join(' ')}\` if you had no uncommitted changes there.`
        : `Run \`git checkout -- ${mutatedDirectories.join(' ')}\` to get the committed originals back (uncommitted changes there are lost).`,
    ].join('\n'),
  );
  process.exit(1);
}

/**
 * Rewrites a configuration's incremental file (committed) without Stryker's indentation: the same results in
 * about a third of the bytes.
 * @param {string} name
 */
async function compactIncrementalFile(name) {
  const file = join(repositoryRoot, `mutation/${name}.incremental.json`);
  if (!existsSync(file)) return;
  await writeFile(file, `${JSON.stringify(JSON.parse(await readFile(file, 'utf8')))}\n`);
}
