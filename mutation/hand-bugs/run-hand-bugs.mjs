// @ts-check
/* global process, console, performance, setTimeout, clearTimeout, Buffer */
// `pnpm mutation:hand [--only=<id,id>] [--scenarios-only | --unit-only] [--keep]`: which hand-written bugs
// (mutation/hand-bugs/*.patch, listed in bugs.json) the tests catch. In a copy of the repository made once (a
// detached worktree of HEAD, installed offline and built), each bug's patch is applied, the patched package
// rebuilt (stdio mock MCP servers run from `dist/`), then (a) the scenario suite runs alone, as
// apps/eval/test/scenario-suite.test.ts runs it, and (b) the unit tests of the patched package, with its own
// vitest configuration; the patch is then reverted. A bug is caught by a run that fails, errors or outruns its
// time limit (a bug that hangs is caught, and marked so). The table of what each caught, by area, is printed at
// the end and the results written to reports/hand-bugs.json, merged with those of earlier runs of other bugs;
// each run's output is kept in reports/hand-bugs/<id>.<scenarios|unit>.log.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const repositoryRoot = join(import.meta.dirname, '..', '..');
const bugsDirectory = import.meta.dirname;
const resultsFile = join(repositoryRoot, 'reports/hand-bugs.json');
const logsDirectory = join(repositoryRoot, 'reports/hand-bugs');
/** The scenario suite alone: about ten seconds on an idle machine, minutes on a loaded one. */
const scenarioSuite = 'test/scenario-suite.test.ts';
/** Time limits per run, well above a loaded two-core machine's times: past them the bug counts as a hang. */
const limitsMs = { install: 20 * 60_000, build: 20 * 60_000, scenarios: 15 * 60_000, unit: 30 * 60_000 };

/**
 * @typedef {{ id: string; area: string; package: string; description: string }} Bug
 * @typedef {{ caught: boolean; outcome: 'failed' | 'passed' | 'timeout' | 'error'; seconds: number; failures: string[] }} Measure
 * @typedef {{ id: string; area: string; package: string; description: string; scenarios?: Measure; unit?: Measure; applied: boolean; ranAt: string }} BugResult
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

/** The child process running now, ended (its whole process group) on Ctrl+C. */
/** @type {import('node:child_process').ChildProcess | undefined} */
let running;
const copy = await mkdtemp(join(tmpdir(), 'toolloop-hand-bugs-'));
let interrupted = false;
const onSignal = (/** @type {NodeJS.Signals} */ signal) => {
  interrupted = true;
  console.error(`\n${signal}: stopping the run in progress and removing the copy.`);
  if (running?.pid !== undefined) killGroup(running.pid);
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

const merged = await mergeResults(results);
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
  const applied = await run({ command: 'git', args: ['apply', patchOf(bug)], cwd: copy, limitMs: 60_000 });
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
  const { outcome, output } = await run({
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
  const seconds = Math.round((performance.now() - started) / 1000);
  await writeFile(log, output);
  if (outcome === 'timeout') {
    return { caught: true, outcome, seconds, failures: [`did not end within ${limitMs / 60_000} min`] };
  }
  /** @type {{ numFailedTests: number; numFailedTestSuites: number; testResults: Array<{ name: string; message?: string; assertionResults: Array<{ status: string; fullName: string; failureMessages: string[] }> }> } | undefined} */
  const parsed = existsSync(report) ? JSON.parse(await readFile(report, 'utf8')) : undefined;
  if (parsed === undefined) {
    return {
      caught: true,
      outcome: 'error',
      seconds,
      failures: [`vitest wrote no report (see ${relative(repositoryRoot, log)})`],
    };
  }
  const failures = parsed.testResults.flatMap((file) => [
    ...(file.message === undefined || file.message === ''
      ? []
      : [`${relative(copy, file.name)}: ${firstLine(file.message)}`]),
    ...file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${test.fullName}: ${firstLine(test.failureMessages[0] ?? '')}`),
  ]);
  const failed = parsed.numFailedTests > 0 || parsed.numFailedTestSuites > 0;
  if (failed) {
    const problems = listsScenarios ? scenarioProblems(output) : [];
    return { caught: true, outcome: 'failed', seconds, failures: problems.length > 0 ? problems : failures };
  }
  // Tests all passed, yet vitest failed (an unhandled error, a configuration it could not load).
  if (outcome !== 'passed')
    return {
      caught: true,
      outcome: 'error',
      seconds,
      failures: [`vitest failed (see ${relative(repositoryRoot, log)})`],
    };
  return { caught: false, outcome: 'passed', seconds, failures: [] };
}

/**
 * The scenario problems the suite's expectation lists (`scenarios/<file> <path>: <message>`), read from vitest's
 * diff in its output: its JSON report keeps only the assertion's first line.
 * @param {string} output
 * @returns {string[]}
 */
function scenarioProblems(output) {
  return output
    .split('\n')
    .map((line) => /^\+\s+("scenarios\/.*"),?$/u.exec(line.trim())?.[1])
    .filter((literal) => literal !== undefined)
    .map((literal) => {
      try {
        return String(JSON.parse(literal)).slice(0, 300);
      } catch {
        return literal.slice(1, 301);
      }
    });
}

/** @param {string} text */
function firstLine(text) {
  return (text.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 300);
}

/**
 * Runs a command in a process group of its own, its output kept; past `limitMs` the whole group is ended.
 * @param {{ command: string; args: string[]; cwd: string; limitMs: number }} options
 * @returns {Promise<{ outcome: 'passed' | 'failed' | 'timeout'; output: string }>}
 */
function run({ command, args, cwd, limitMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Colours off: the output goes to a log file.
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', CI: '1' },
    });
    running = child;
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
    child.stderr.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) killGroup(child.pid);
    }, limitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      running = undefined;
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      running = undefined;
      const output = Buffer.concat(chunks).toString('utf8');
      resolve({ outcome: timedOut ? 'timeout' : code === 0 ? 'passed' : 'failed', output });
    });
  });
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {number} limitMs
 */
async function mustSucceed(command, args, cwd, limitMs) {
  const { outcome, output } = await run({ command, args, cwd, limitMs });
  if (outcome !== 'passed') {
    throw new Error(
      `\`${[relative(cwd, command) || command, ...args].join(' ')}\` in ${cwd} ${outcome === 'timeout' ? `did not end within ${limitMs / 60_000} min` : 'failed'}:\n${output.trim().split('\n').slice(-30).join('\n')}`,
    );
  }
}

/** Ends a process group this script started (its leader's pid), and everything in it. @param {number} pid */
function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The copy's worktree and directory go, unless `--keep` asks to look at them. */
async function removeCopy() {
  if (options.keep) {
    console.log(`Kept the copy in ${copy} (remove it with \`git worktree remove --force ${copy}\`).`);
    return;
  }
  await run({
    command: 'git',
    args: ['worktree', 'remove', '--force', copy],
    cwd: repositoryRoot,
    limitMs: 5 * 60_000,
  });
  await rm(copy, { recursive: true, force: true });
  await run({ command: 'git', args: ['worktree', 'prune'], cwd: repositoryRoot, limitMs: 60_000 });
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

/**
 * This run's results with those of earlier runs for bugs this one did not run (and that are still listed).
 * @param {BugResult[]} latest
 * @returns {Promise<BugResult[]>}
 */
async function mergeResults(latest) {
  /** @type {BugResult[]} */
  const previous = existsSync(resultsFile)
    ? (JSON.parse(await readFile(resultsFile, 'utf8')).bugs ?? [])
    : [];
  const ran = new Set(latest.map((result) => result.id));
  const listed = new Set(allBugs.map((bug) => bug.id));
  const kept = previous.filter((result) => !ran.has(result.id) && listed.has(result.id));
  const order = new Map(allBugs.map((bug, index) => [bug.id, index]));
  return [...kept, ...latest].sort(
    (first, second) => (order.get(first.id) ?? 0) - (order.get(second.id) ?? 0),
  );
}

/** @param {BugResult} result */
function describeResult(result) {
  if (!result.applied) return `${result.id}: the patch does not apply`;
  /** @param {Measure | undefined} measure */
  const show = (measure) =>
    measure === undefined
      ? 'not run'
      : `${measure.caught ? 'yes' : 'no'}${measure.outcome === 'timeout' ? ' (hung: timed out)' : measure.outcome === 'error' ? ' (error)' : measure.outcome === 'failed' ? ` (${measure.failures.length} failed)` : ''} ${measure.seconds} s`;
  return `${result.id}: scenarios ${show(result.scenarios)}; unit tests ${show(result.unit)}`;
}

/**
 * Rows per area and "all"; columns: caught by the scenario suite, by the package's unit tests (of the bugs each
 * measured).
 * @param {BugResult[]} rows
 */
function formatTable(rows) {
  const applied = rows.filter((row) => row.applied);
  const areas = [...new Set(applied.map((row) => row.area))];
  /** @param {BugResult[]} group @param {'scenarios' | 'unit'} measure */
  const cell = (group, measure) => {
    const measured = group.filter((row) => row[measure] !== undefined);
    if (measured.length === 0) return '-';
    const caught = measured.filter((row) => row[measure]?.caught === true).length;
    const of = measured.length === group.length ? '' : ` of ${measured.length}`;
    return `${caught}${of} (${Math.round((100 * caught) / measured.length)}%)`;
  };
  const table = [
    ['area', 'bugs', 'caught by the scenario suite', "caught by the package's unit tests"],
    ...areas.map((area) => {
      const group = applied.filter((row) => row.area === area);
      return [area, String(group.length), cell(group, 'scenarios'), cell(group, 'unit')];
    }),
    ['all', String(applied.length), cell(applied, 'scenarios'), cell(applied, 'unit')],
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  return table
    .map((row) =>
      row
        .map((text, column) => (column === 0 ? text.padEnd(widths[column]) : text.padStart(widths[column])))
        .join('  '),
    )
    .join('\n');
}
