import type { LeftoverCheck } from './leftover-check.js';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { InvalidArgumentError } from '@toolloop/core';
import type { Reporter } from '../report/reporter.js';
import type { RunReport, ScenarioResult } from '../report/run-report.js';
import { assertScenariosSelected } from '../scenario/assert-scenarios-selected.js';
import { findScenarioFiles } from '../scenario/find-scenario-files.js';
import { createAgentLoader } from '../agent/create-agent-loader.js';
import { expandWires } from '../scenario/expand-wires.js';
import { loadScenarioFile } from '../scenario/load-scenario-file.js';
import type { ScenarioDefaults } from '../scenario/scenario-defaults.js';
import { ScenarioFileError } from '../scenario/scenario-file-error.js';
import { throwIssues } from '../scenario/throw-issues.js';
import { selectScenarios, type Shard } from '../scenario/select-scenarios.js';
import type { RecordingRedaction } from '../record/redact-recording.js';
import { resolveLiveUpstream, type LiveOptions } from '../record/resolve-live-upstream.js';
import { openScenarioExecutor } from './open-scenario-executor.js';
import { mapBounded } from './map-bounded.js';
import { isTimerDelay, timerDelayRule } from './max-timer-delay-ms.js';
import {
  packLoadOutcome,
  packScenario,
  toSelectable,
  unpackScenario,
  type FoundScenario,
  type PackedScenario,
} from './pack-scenario.js';
import { openWorkerPool, type WorkerPool } from './open-worker-pool.js';
import { runScenarioJobs, type IndexedScenario } from './run-scenario-jobs.js';
import { toSkipped } from './to-skipped.js';
import type { WorkerSettings } from './worker-protocol.js';

export interface RunScenariosOptions {
  /** Files, directories or globs. Default: `scenarios/`. */
  paths?: readonly string[];
  /** Where relative paths (and `outDir`) start. Default: the process's working directory. */
  cwd?: string;
  /** Only scenarios whose name contains this text, or matches this `/regex/flags`. */
  filter?: string;
  /** Only scenarios with at least one of these tags. */
  tags?: readonly string[];
  /** Scenarios run at once (with `workers`, shared among them). Default: the number of CPUs. */
  concurrency?: number;
  /**
   * Worker processes that run scenario files, each with its own fake LLM and servers (never more than there are
   * files). Results come back to this process's reporters, in the same order and with the same exit code as in
   * one process. `auto`: one per CPU, but no more than one per 2,000 scenarios (each worker starts and warms up
   * on its own: on two cores, 1,000 short scenarios run faster in one process). Default 1: everything runs here.
   */
  workers?: number | 'auto';
  shard?: Shard;
  /**
   * How long each scenario may run, in milliseconds, before it is stopped and fails naming the turn it was in.
   * Default: its turns' own deadlines (`timeoutMs`, 120 s where none is set) plus a margin, so a run never hangs.
   */
  scenarioTimeoutMs?: number;
  /**
   * Fail each turn that leaves a timer running (`turn`), and each scenario that leaves something running after
   * it ends (a timer, a socket, a server, a child process; `turn` and `scenario`), naming it and where it was
   * started; `off` watches nothing. Default: `turn`; watching slows a run by about a tenth.
   */
  leftovers?: LeftoverCheck;
  /** Runs of each scenario; with more than one, pass rates are reported and flaky scenarios flagged. */
  repeat?: number;
  /** Start no new scenario after the first failure. */
  bail?: boolean;
  reporters?: readonly Reporter[];
  /** Where file reporters write. Default: `reports/`. */
  outDir?: string;
  /** What scenarios that do not say run with: the agent under test (a module path), provider and model. */
  defaults?: ScenarioDefaults;
  /**
   * Let a selection of no scenario pass (exit code 0). Without it, paths, `filter`, `tags` and `shard` that
   * select nothing reject with an `EmptySelectionError`: a typo in CI must not be a green build.
   */
  passWithNoScenarios?: boolean;
  /**
   * Run against the real APIs instead of scripts and recordings: keys from `ANTHROPIC_API_KEY` /
   * `OPENAI_API_KEY`, base URLs from `live.baseURL` or `ANTHROPIC_BASE_URL` / `OPENAI_BASE_URL` /
   * `OLLAMA_BASE_URL`. With `record`, each scenario's run is written beside it as its recording.
   */
  live?: LiveOptions & { record?: boolean };
  /**
   * Record again, live, the scenarios whose replay drifted from their recording or that have none (and no
   * `llm` steps). Needs what `live` needs; `live.baseURL` and `live.env` apply. Not with `live`, which replays
   * nothing (an `InvalidArgumentError`).
   */
  update?: boolean | LiveOptions;
  /** What recordings leave out, on top of keys and credential headers. */
  redaction?: RecordingRedaction;
  /** With `repeat`, the pass rate a scenario needs to pass (0 to 1). Default 1: every run. */
  minPassRate?: number;
  /**
   * How far up its scale a judge's score must be to pass (0 to 1), for judges with no `threshold` of their own.
   * Default 0.75: 4 on a scale of 1 to 5.
   */
  minScore?: number;
  /**
   * Keep every scenario's result for the report this resolves with (and the one `onRunEnd` gets). Default true.
   * Set false for large suites: results then go only to reporters as they end (`onScenarioEnd`), the report's
   * `scenarios` is empty, and memory stays flat however many scenarios run. The command line sets it false.
   */
  keepResults?: boolean;
}

/** The exit codes of the contract: 0 every scenario passed, 1 one failed, 2 bad input or a runner failure. */
export type ExitCode = 0 | 1 | 2;

/**
 * Runs scenario files against one fake LLM (each scenario on its own route) and mock MCP servers, and reports.
 * Every file is validated before anything runs: invalid input throws `ScenarioFileError` listing each problem
 * with file, line, column and field path; a selection of no scenario throws `EmptySelectionError`. Relative
 * paths start from `cwd` (default: the process's working directory). This is what the `toolloop-eval run` command calls.
 *
 * @example
 * const { report, exitCode } = await runScenarios({ paths: ['scenarios/'], reporters: createReporters(['pretty']) });
 */
export async function runScenarios(
  options: RunScenariosOptions = {},
): Promise<{ report: RunReport; exitCode: ExitCode }> {
  const startedAt = performance.now();
  if (options.scenarioTimeoutMs !== undefined && !isTimerDelay(options.scenarioTimeoutMs))
    throw new InvalidArgumentError({
      argument: 'scenarioTimeoutMs',
      message: `expected ${timerDelayRule}, got ${String(options.scenarioTimeoutMs)}.`,
    });
  const cwd = options.cwd ?? process.cwd();
  const repeat = options.repeat ?? 1;
  const concurrency = options.concurrency ?? availableParallelism();
  const reporters = options.reporters ?? [];
  const live = options.live;
  const update = options.update === true ? {} : options.update === false ? undefined : options.update;
  if (live !== undefined && update !== undefined)
    throw new InvalidArgumentError({
      argument: 'update',
      message:
        'it records again the scenarios whose replay drifted, and `live` replays nothing; record every scenario with `live: { record: true }`, or leave `live` out.',
    });
  const settings = {
    cwd,
    live,
    update,
    redaction: options.redaction ?? {},
    scenarioTimeoutMs: options.scenarioTimeoutMs,
    leftovers: options.leftovers,
    repeat,
    minPassRate: options.minPassRate ?? 1,
    ...(options.minScore === undefined ? {} : { minScore: options.minScore }),
    bail: options.bail === true,
  };
  const files = await findScenarioFiles({ patterns: options.paths ?? ['scenarios/'], cwd });
  const wanted =
    options.workers === 'auto'
      ? Math.min(availableParallelism(), Math.floor(files.length / 2000))
      : (options.workers ?? 1);
  // Never more workers than scenarios may run at once: --concurrency 1 --workers 3 runs one at a time.
  const workers = Math.max(1, Math.min(wanted, files.length, concurrency));
  // Workers read the files too, each a part: a large suite's parsing is shared out like its scenarios.
  const pool =
    workers > 1
      ? openWorkerPool({
          count: workers,
          // The run's concurrency is shared among the workers.
          settings: { ...settings, concurrency: Math.floor(concurrency / workers) },
        })
      : undefined;
  try {
    const selection = await loadSelection({ options, cwd, files, pool });
    const outDir = resolve(cwd, options.outDir ?? 'reports');
    await each(reporters, (reporter) =>
      reporter.onRunStart?.({ total: selection.run.length, repeat, concurrency, outDir }),
    );
    // A live run checks every key it needs before anything runs: a missing one is bad input, not N failures.
    if (live !== undefined)
      for (const packed of selection.run)
        // A bedrock scenario's signing packages are loaded now: missing ones are bad input too.
        await resolveLiveUpstream({
          provider: unpackScenario(packed).scenario.provider,
          live,
        }).signer?.prepare();
    const keepResults = options.keepResults !== false;
    const kept: Array<{ order: number; result: ScenarioResult }> = [];
    const tally = { total: 0, passed: 0, failed: 0, skipped: 0, flaky: 0, errored: 0 };
    const report = async (result: ScenarioResult, order: number) => {
      tally.total++;
      tally[result.status]++;
      if (result.repeat?.flaky === true) tally.flaky++;
      if (result.error !== undefined) tally.errored++;
      if (keepResults) kept.push({ order, result });
      await each(reporters, (reporter) => reporter.onScenarioEnd?.(result, { order }));
    };
    const onStart = (scenario: { name: string; file: string }) =>
      each(reporters, (reporter) => reporter.onScenarioStart?.(scenario));
    const scenarios = selection.run.map((packed, index) => ({ packed, index }));
    const { notStarted } =
      pool === undefined
        ? await runInProcess({ scenarios, settings: { ...settings, concurrency }, onStart, onEnd: report })
        : await pool.run({ scenarios, onStart, onEnd: report });
    // Scenarios a bail stopped, and those that were skipped, come after the ones that ran, in selection order.
    const skipped = [...selection.skipped, ...notStarted.map(({ packed }) => packed)];
    for (const [position, packed] of skipped.entries())
      await report(toSkipped(unpackScenario(packed)), selection.run.length + position);
    const runReport: RunReport = {
      summary: {
        total: tally.total,
        passed: tally.passed,
        failed: tally.failed,
        skipped: tally.skipped,
        durationMs: Math.round(performance.now() - startedAt),
        flaky: tally.flaky,
        ...(options.shard === undefined ? {} : { shard: options.shard }),
      },
      scenarios: kept.sort((left, right) => left.order - right.order).map(({ result }) => result),
    };
    await each(reporters, (reporter) => reporter.onRunEnd?.(runReport));
    const exitCode: ExitCode = tally.errored > 0 ? 2 : tally.failed > 0 ? 1 : 0;
    return { report: runReport, exitCode };
  } finally {
    await pool?.close();
    await each(reporters, (reporter) => reporter.close?.());
  }
}

/**
 * Loads and validates every file, selects what runs, and packs it: nothing of the files' parsed forms outlives
 * this call but the packed scenarios.
 */
async function loadSelection({
  options,
  cwd,
  files,
  pool,
}: {
  options: RunScenariosOptions;
  cwd: string;
  files: readonly string[];
  pool: WorkerPool | undefined;
}): Promise<{ run: PackedScenario[]; skipped: PackedScenario[] }> {
  const defaults = options.defaults ?? {};
  const found = await (pool === undefined
    ? loadAll({ files, cwd, defaults })
    : loadInWorkers({ files, cwd, defaults, pool }));
  const criteria = {
    ...(options.filter === undefined ? {} : { filter: options.filter }),
    ...(options.tags === undefined ? {} : { tags: options.tags }),
    ...(options.shard === undefined ? {} : { shard: options.shard }),
  };
  const selection = selectScenarios({ scenarios: found, ...criteria });
  if (options.passWithNoScenarios !== true)
    assertScenariosSelected({ selection, scenarios: found, ...criteria });
  return {
    run: selection.run.map(({ packed }) => packed),
    skipped: selection.skipped.map(({ packed }) => packed),
  };
}

/**
 * Loads every file, collecting the problems of all of them before failing; an agent module that several
 * scenarios run is loaded, and its problem reported, once.
 */
async function loadAll({
  files,
  cwd,
  defaults,
}: {
  files: readonly string[];
  cwd: string;
  defaults: ScenarioDefaults;
}): Promise<FoundScenario[]> {
  const agents = createAgentLoader({ cwd });
  const outcomes = await mapBounded(files, async (file) => {
    try {
      const loaded = await loadScenarioFile(resolve(cwd, file), { cwd, defaults, agents });
      const found = expandWires(loaded).map((run): FoundScenario => ({
        file,
        scenario: toSelectable(run.scenario),
        packed: packScenario({ ...run, file }),
      }));
      return { status: 'fulfilled' as const, value: found };
    } catch (reason) {
      return { status: 'rejected' as const, reason };
    }
  });
  throwIssues({
    cwd,
    issues: outcomes.flatMap((outcome) =>
      outcome.status === 'rejected'
        ? ScenarioFileError.isInstance(outcome.reason)
          ? outcome.reason.issues
          : [rethrow(outcome.reason)]
        : [],
    ),
  });
  return outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []));
}

/** `loadAll`, each worker reading a part of the files: the scenarios come back packed, with their agents' paths. */
async function loadInWorkers({
  files,
  cwd,
  defaults,
  pool,
}: {
  files: readonly string[];
  cwd: string;
  defaults: ScenarioDefaults;
  pool: WorkerPool;
}): Promise<FoundScenario[]> {
  const outcomes = await pool.load(files, defaults);
  const failed = outcomes.find((outcome) => outcome.type === 'failed');
  if (failed !== undefined)
    throw Object.assign(new Error(failed.message), failed.stack === undefined ? {} : { stack: failed.stack });
  throwIssues({
    cwd,
    issues: outcomes.flatMap((outcome) => (outcome.type === 'invalid' ? outcome.issues : [])),
  });
  return outcomes.flatMap((outcome) =>
    outcome.type === 'loaded'
      ? [{ file: outcome.file, scenario: outcome.selectable, packed: packLoadOutcome(outcome) }]
      : [],
  );
}

/** Runs the scenarios in this process, on one fake LLM. */
async function runInProcess({
  scenarios,
  settings,
  onStart,
  onEnd,
}: {
  scenarios: IndexedScenario[];
  settings: WorkerSettings;
  onStart: (scenario: { name: string; file: string }) => Promise<void>;
  onEnd: (result: ScenarioResult, index: number) => Promise<void>;
}): Promise<{ notStarted: IndexedScenario[] }> {
  const executor = await openScenarioExecutor(settings);
  try {
    return await runScenarioJobs({ scenarios, ...settings, run: executor.run, onStart, onEnd });
  } finally {
    await executor.close();
  }
}

async function each(
  reporters: readonly Reporter[],
  call: (reporter: Reporter) => void | Promise<void> | undefined,
): Promise<void> {
  for (const reporter of reporters) await call(reporter);
}

function rethrow(error: unknown): never {
  throw error;
}
