// @ts-check
/* global process, console, performance */
// `pnpm mutation:hand [--only=<id,id>] [--scenarios-only | --unit-only] [--keep]`: which hand-written bugs
// (mutation/hand-bugs/*.patch, listed in bugs.json) the tests catch. In a copy of the repository made once (a
// detached worktree of HEAD, installed offline and built), each bug's patch is applied, the patched package
// rebuilt (stdio mock MCP servers run from `dist/`), then (a) the scenario suite runs alone, as
// apps/eval/test/scenario-suite.test.ts runs it, and (b) the unit tests of the patched package, with its own
// vitest configuration; the patch is then reverted. A bug is caught by a run that fails, errors or outruns its
// time limit (a bug that hangs is caught, and marked so). The table of what each caught, by area, is printed at
// the end and the results written to reports/hand-bugs.json, merged with those of earlier runs of other bugs;
// each run's output is kept in reports/hand-bugs/<id>.<scenarios|unit>.log.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describeResult, formatTable, mergeResults } from './hand-bug-results.mjs';
import { readVitestReport } from './read-vitest-report.mjs';
import { mustSucceed, runLimited, stopRunning } from './run-limited.mjs';

const repositoryRoot = join(import.meta.dirname, '..', '..');
const bugsDirectory = import.meta.dirname;
const resultsFile = join(repositoryRoot, 'reports/hand-bugs.json');
const logsDirectory = join(repositoryRoot, 'reports/hand-bugs');
/** The scenario suite alone: about ten seconds on an idle machine, minutes on a loaded one. */
const scenarioSuite = 'test/scenario-suite.test.ts';
/** Time limits per run, well above a loaded two-core machine's times: past them the bug counts as a hang. */
const limitsMs = { install: 20 * 60_000, build: 20 * 60_000, scenarios: 15 * 60_000, unit: 30 * 60_000 };

/**
 * @typedef {import('./hand-bug-results.mjs').Bug} Bug
 * @typedef {import('./hand-bug-results.mjs').BugResult} BugResult
 * @typedef {import('./read-vitest-report.mjs').Measure} Measure
 */

const options = parseOptions(process.argv.slice(2).filter((argument) => argument !== '--'));
/** @type {Bug[]} */
const allBugs = JSON.parse(await readFile(join(bugsDirectory, 'bugs.json'), 'utf8'));
const unknown = options.only.filter((id) => !allBugs.some((bug) => bug.id === id));
if (unknown.length > 0) {
  console.error(`Unknown bug ${unknown.join(', ')}; the bugs are listed in mutation/hand-bugs/bugs.json.`);
  process.exit(2);
}
const bugs = options.only.length === 0 ? allBugs : allBugs.filter((bug) => options.only.includes(bug.id));
const missingPatches = bugs.filter((bug) => !existsSync(patchOf(bug)));
if (missingPatches.length > 0) {
  console.error(`No patch for ${missingPatches.map((bug) => bug.id).join(', ')} in mutation/hand-bugs/.`);
  process.exit(2);
}

const copy = await mkdtemp(join(tmpdir(), 'toolloop-hand-bugs-'));
let interrupted = false;
const onSignal = (/** @type {NodeJS.Signals} */ signal) => {
  interrupted = true;
  console.error(`\n${signal}: stopping the run in progress and removing the copy.`);
  stopRunning();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

/** @type {BugResult[]} */
const results = [];
const packageDirectories = await findPackageDirectories(repositoryRoot);
try {
  await prepareCopy();
  await mkdir(logsDirectory, { recursive: true });
  for (const [index, bug] of bugs.entries()) {
    if (interrupted) break;
    const result = await measureBug(bug, packageDirectories);
    // A run ended by the signal measured nothing.
    if (interrupted) break;
    results.push(result);
    console.log(`[${index + 1}/${bugs.length}] ${describeResult(result)}`);
  }
} finally {
  await removeCopy();
}
if (interrupted) process.exit(130);

const merged = await mergeResults({ latest: results, resultsFile, listed: allBugs });
await mkdir(join(repositoryRoot, 'reports'), { recursive: true });
await writeFile(resultsFile, `${JSON.stringify({ bugs: merged }, null, 2)}\n`);
console.log(`\n${formatTable(results)}`);
const missed = results.filter(
  (result) => result.scenarios?.caught !== true && result.unit?.caught !== true && result.applied,
);
console.log(
  missed.length === 0
    ? '\nNo bug got past the tests run.'
    : `\nGot past ${options.measures.length === 2 ? 'both' : 'the tests run'}:\n${missed.map((result) => `  ${result.id} (${result.area}): ${result.description}`).join('\n')}`,
);
const notApplied = results.filter((result) => !result.applied);
if (notApplied.length > 0) {
  console.log(`\nPatches that no longer apply: ${notApplied.map((result) => result.id).join(', ')}.`);
  process.exitCode = 1;
}
console.log(
  `\nResults in ${relative(repositoryRoot, resultsFile)}; each run's output in ${relative(repositoryRoot, logsDirectory)}/.`,
);

/**
 * @param {string[]} given
 * @returns {{ only: string[]; measures: Array<'scenarios' | 'unit'>; keep: boolean }}
 */
function parseOptions(given) {
  /** @type {string[]} */
  let only = [];
  let scenariosOnly = false;
  let unitOnly = false;
  let keep = false;
  for (const argument of given) {
    if (argument.startsWith('--only=')) {
      only = argument
        .slice('--only='.length)
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '');
    } else if (argument === '--scenarios-only') scenariosOnly = true;
    else if (argument === '--unit-only') unitOnly = true;
    else if (argument === '--keep') keep = true;
    else {
      console.error(
        `Unknown option ${argument}; the options are --only=<id,id>, --scenarios-only, --unit-only and --keep.`,
      );
      process.exit(2);
    }
  }
  if (scenariosOnly && unitOnly) {
    console.error('--scenarios-only and --unit-only exclude each other; give neither to run both.');
    process.exit(2);
  }
  /** @type {Array<'scenarios' | 'unit'>} */
  const measures = scenariosOnly ? ['scenarios'] : unitOnly ? ['unit'] : ['scenarios', 'unit'];
  return { only, measures, keep };
}

/** @param {Bug} bug */
function patchOf(bug) {
  return join(bugsDirectory, `${bug.id}.patch`);
}

/**
 * The copy: a detached worktree of HEAD, installed from the store alone and built. The scenario suite is run
 * once on it unpatched: a suite that fails without any bug would count every bug as caught.
 */
async function prepareCopy() {
  console.log(`Copy of HEAD in ${copy}: install, build.`);
  await mustSucceed('git', ['worktree', 'add', '--detach', copy, 'HEAD'], repositoryRoot, limitsMs.install);
  await mustSucceed('pnpm', ['install', '--frozen-lockfile', '--offline'], copy, limitsMs.install);
  await mustSucceed(
    join(copy, 'node_modules/.bin/turbo'),
    ['run', 'build', '--output-logs=errors-only'],
    copy,
    limitsMs.build,
  );
  if (options.measures.includes('scenarios')) {
    const baseline = await runScenarioSuite(join(copy, '.hand-bugs-baseline.log'));
    if (baseline.caught) {
      throw new Error(
        `The scenario suite fails on HEAD itself (${baseline.outcome}); fix that first. ${baseline.failures.slice(0, 5).join(' | ')}`,
      );
    }
    console.log(`The scenario suite passes on HEAD (${baseline.seconds} s).`);
  }
}

/**
 * Applies one bug's patch in the copy, rebuilds its package, runs the measures, and reverts the patch.
 * @param {Bug} bug
 * @param {Map<string, string>} directories
 * @returns {Promise<BugResult>}
 */
async function measureBug(bug, directories) {
  const result = /** @type {BugResult} */ ({ ...bug, applied: false, ranAt: new Date().toISOString() });
  const packageDirectory = directories.get(bug.package);
  if (packageDirectory === undefined)
    throw new Error(`${bug.id}: no workspace package named ${bug.package}.`);
  const applied = await runLimited({
    command: 'git',
    args: ['apply', patchOf(bug)],
    cwd: copy,
    limitMs: 60_000,
  });
  if (applied.outcome !== 'passed') {
    console.error(`${bug.id}: the patch does not apply to HEAD:\n${applied.output.trim()}`);
    return result;
  }
  result.applied = true;
  try {
    // Only the patched package: dependents load its `dist/` at run time, and nothing bundles it.
    await mustSucceed(
      join(copy, 'node_modules/.bin/turbo'),
      ['run', 'build', `--filter=${bug.package}`, '--output-logs=errors-only'],
      copy,
      limitsMs.build,
    );
    if (options.measures.includes('scenarios') && !interrupted) {
      result.scenarios = await runScenarioSuite(join(logsDirectory, `${bug.id}.scenarios.log`));
    }
    if (options.measures.includes('unit') && !interrupted) {
      result.unit = await runUnitTests(
        join(copy, relative(repositoryRoot, packageDirectory)),
        join(logsDirectory, `${bug.id}.unit.log`),
      );
    }
  } finally {
    await mustSucceed('git', ['checkout', '--', '.'], copy, 60_000);
  }
  return result;
}

/**
 * The scenario suite alone, as `pnpm test` runs it (apps/eval/test/scenario-suite.test.ts: runScenarios over
 * scenarios/, every failure and error of a scenario listed).
 * @param {string} log
 * @returns {Promise<Measure>}
 */
async function runScenarioSuite(log) {
  return runVitest({
    cwd: join(copy, 'apps/eval'),
    files: [scenarioSuite],
    exclude: [],
    log,
    limitMs: limitsMs.scenarios,
    listsScenarios: true,
  });
}

/**
 * The package's own tests, with its own configuration; for the eval, without the scenario suite (measured apart).
 * @param {string} cwd
 * @param {string} log
 * @returns {Promise<Measure>}
 */
async function runUnitTests(cwd, log) {
  const exclude = existsSync(join(cwd, scenarioSuite)) ? [scenarioSuite] : [];
  return runVitest({ cwd, files: [], exclude, log, limitMs: limitsMs.unit });
}

/**
 * One `vitest run`, its results read from its JSON report: caught when a test or a test file failed, when
 * vitest itself failed, or when it outran its limit.
 * @param {{ cwd: string; files: string[]; exclude: string[]; log: string; limitMs: number; listsScenarios?: boolean }} options
 * @returns {Promise<Measure>}
 */
async function runVitest({ cwd, files, exclude, log, limitMs, listsScenarios = false }) {
  const report = join(copy, '.hand-bugs-vitest.json');
  await rm(report, { force: true });
  const started = performance.now();
  const { outcome, output } = await runLimited({
    command: join(copy, 'node_modules/.bin/vitest'),
    args: [
      'run',
      ...files,
      ...exclude.flatMap((pattern) => ['--exclude', pattern]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    cwd,
    limitMs,
  });
  await writeFile(log, output);
  return readVitestReport({
    report,
    output,
    outcome,
    seconds: Math.round((performance.now() - started) / 1000),
    limitMs,
    log: relative(repositoryRoot, log),
    root: copy,
    listsScenarios,
  });
}

/** The copy's worktree and directory go, unless `--keep` asks to look at them. */
async function removeCopy() {
  if (options.keep) {
    console.log(`Kept the copy in ${copy} (remove it with \`git worktree remove --force ${copy}\`).`);
    return;
  }
  await runLimited({
    command: 'git',
    args: ['worktree', 'remove', '--force', copy],
    cwd: repositoryRoot,
    limitMs: 5 * 60_000,
  });
  await rm(copy, { recursive: true, force: true });
  await runLimited({ command: 'git', args: ['worktree', 'prune'], cwd: repositoryRoot, limitMs: 60_000 });
}

/**
 * Workspace package names and their directories (packages/*, apps/*).
 * @param {string} root
 * @returns {Promise<Map<string, string>>}
 */
async function findPackageDirectories(root) {
  const directories = new Map();
  for (const group of ['packages', 'apps']) {
    for (const entry of await readdir(join(root, group), { withFileTypes: true })) {
      const manifest = join(root, group, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      const { name } = JSON.parse(await readFile(manifest, 'utf8'));
      directories.set(name, join(root, group, entry.name));
    }
  }
  return directories;
}
