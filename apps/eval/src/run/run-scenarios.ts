import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { createSharedJsonSchemaValidator } from '@toolloop/core/mcp';
import { createFakeLlm } from '@toolloop/fake-llm';
import type { Reporter } from '../report/reporter.js';
import type { RunReport, ScenarioResult } from '../report/run-report.js';
import { assertScenariosSelected } from '../scenario/assert-scenarios-selected.js';
import { findScenarioFiles } from '../scenario/find-scenario-files.js';
import { createAgentLoader } from '../agent/create-agent-loader.js';
import { loadScenarioFile, type LoadedScenario } from '../scenario/load-scenario-file.js';
import type { ScenarioDefaults } from '../scenario/scenario-defaults.js';
import { formatScenarioIssue, ScenarioFileError } from '../scenario/scenario-file-error.js';
import { selectScenarios, type Shard } from '../scenario/select-scenarios.js';
import type { RecordingRedaction } from '../record/redact-recording.js';
import { readRecording } from '../record/read-recording.js';
import { hasRecording } from '../record/recording-directory.js';
import { resolveLiveUpstream, type LiveOptions } from '../record/resolve-live-upstream.js';
import { startModelProxy, type ModelProxy } from '../record/start-model-proxy.js';
import { combineRepeats } from './combine-repeats.js';
import { packScenario, unpackScenario, type PackedScenario } from './pack-scenario.js';
import { runPool } from './run-pool.js';
import { runScenario, type ScenarioMode } from './run-scenario.js';

export interface RunScenariosOptions {
  /** Files, directories or globs. Default: `scenarios/`. */
  paths?: readonly string[];
  /** Where relative paths (and `outDir`) start. Default: the process's working directory. */
  cwd?: string;
  /** Only scenarios whose name contains this text, or matches this `/regex/flags`. */
  filter?: string;
  /** Only scenarios with at least one of these tags. */
  tags?: readonly string[];
  /** Scenarios run at once. Default: the number of CPUs. */
  concurrency?: number;
  shard?: Shard;
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
   * `llm` steps). Needs what `live` needs; `live.baseURL` and `live.env` apply.
   */
  update?: boolean | LiveOptions;
  /** What recordings leave out, on top of keys and credential headers. */
  redaction?: RecordingRedaction;
  /** With `repeat`, the pass rate a scenario needs to pass (0 to 1). Default 1: every run. */
  minPassRate?: number;
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
  const cwd = options.cwd ?? process.cwd();
  const repeat = options.repeat ?? 1;
  const concurrency = options.concurrency ?? availableParallelism();
  const reporters = options.reporters ?? [];
  const selection = await loadSelection({ options, cwd });
  const outDir = resolve(cwd, options.outDir ?? 'reports');
  await each(reporters, (reporter) =>
    reporter.onRunStart?.({ total: selection.run.length, repeat, concurrency, outDir }),
  );

  const live = options.live;
  const update = options.update === true ? {} : options.update === false ? undefined : options.update;
  const redaction = options.redaction ?? {};
  // A live run checks every key it needs before anything runs: a missing one is bad input, not N failures.
  if (live !== undefined)
    for (const packed of selection.run)
      resolveLiveUpstream({ provider: unpackScenario(packed).scenario.provider, live });
  const modeOf = async ({
    loaded,
    proxy,
  }: {
    loaded: LoadedScenario;
    proxy: () => Promise<ModelProxy>;
  }): Promise<ScenarioMode> => {
    const scenarioFile = resolve(cwd, loaded.file);
    if (live !== undefined)
      return liveMode({
        loaded,
        scenarioFile,
        proxy: await proxy(),
        live,
        record: live.record === true,
        redaction,
      });
    if (await hasRecording(scenarioFile))
      return { type: 'replay', recording: await readRecording(scenarioFile), scenarioFile, redaction };
    // --update: a scenario with nothing to answer it (no `llm` steps, no recording) is recorded, live.
    if (update !== undefined && loaded.scenario.turns.every((turn) => turn.llm.length === 0))
      return liveMode({ loaded, scenarioFile, proxy: await proxy(), live: update, record: true, redaction });
    return { type: 'scripted' };
  };
  let startedProxy: Promise<ModelProxy> | undefined;
  const proxy = () => (startedProxy ??= startModelProxy());

  const fake = createFakeLlm();
  // Schemas compiled once for the whole run (equal schemas share one form; memory stays bounded).
  const jsonSchemaValidator = createSharedJsonSchemaValidator();
  // Out-of-process clients (command servers that sample, agents' own clients) need the port; the runner's
  // models reach the fake without it.
  const server = await fake.serve();
  const fakeFetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    // As over the network, the answer starts no sooner than the next turn of the event loop: a turn's
    // timeline places each request after the events read by then.
    await new Promise((resolve) => setImmediate(resolve));
    return fake.handle(request);
  };
  // Each scenario's runs until its last repeat ends; then its combined result goes to the reporters.
  const runs = new Map<PackedScenario, ScenarioResult[]>();
  const ended = new Set<PackedScenario>();
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
  let failed = false;
  try {
    const jobs = selection.run.flatMap((packed, index) =>
      Array.from({ length: repeat }, (_unused, attempt) => ({ packed, index, attempt })),
    );
    const { notStarted } = await runPool({
      items: jobs,
      concurrency,
      shouldStop: () => options.bail === true && failed,
      work: async ({ packed, index, attempt }) => {
        const loaded = unpackScenario(packed);
        if (attempt === 0)
          await each(reporters, (reporter) =>
            reporter.onScenarioStart?.({ name: loaded.scenario.name, file: loaded.file }),
          );
        const common = {
          ...loaded,
          directory: dirname(resolve(cwd, loaded.file)),
          cwd,
          fake,
          fakeUrl: server.url,
          fakeFetch,
          jsonSchemaValidator,
        };
        const mode = await modeOf({ loaded, proxy }).catch((error: unknown) => error);
        // The result holds what it needs of its route: the run's one fake then forgets it, so memory stays flat.
        const runAndForget = async (options: Parameters<typeof runScenario>[0]) => {
          const ran = await runScenario(options);
          fake.removeScript(options.routeId);
          return ran;
        };
        let result =
          mode instanceof Error
            ? toErrored({ loaded, error: mode })
            : await runAndForget({ ...common, mode: mode as ScenarioMode, routeId: `s${index}r${attempt}` });
        // --update: a replay that drifted from its recording is recorded again, live.
        if (update !== undefined && result.failures.some((failure) => failure.kind === 'drift')) {
          const scenarioFile = resolve(cwd, loaded.file);
          const again = await Promise.resolve()
            .then(async () =>
              liveMode({
                loaded,
                scenarioFile,
                proxy: await proxy(),
                live: update,
                record: true,
                redaction,
              }),
            )
            .catch((error: unknown) => error);
          result =
            again instanceof Error
              ? toErrored({ loaded, error: again })
              : await runAndForget({
                  ...common,
                  mode: again as ScenarioMode,
                  routeId: `s${index}r${attempt}u`,
                });
        }
        const results = [...(runs.get(packed) ?? []), result];
        runs.set(packed, results);
        if (result.status === 'failed') failed = true;
        if (results.length === repeat) {
          runs.delete(packed);
          ended.add(packed);
          await report(combineRepeats(results, { minPassRate: options.minPassRate ?? 1 }), index);
        }
      },
    });
    // A bail can stop a scenario between its repeats: the runs it had count, as they did for its verdict.
    for (const [packed, results] of runs)
      await report(
        combineRepeats(results, { minPassRate: options.minPassRate ?? 1 }),
        selection.run.indexOf(packed),
      );
    // Scenarios a bail stopped, and those that were skipped, come after the ones that ran, in selection order.
    const notRun = new Set(notStarted.map(({ packed }) => packed));
    const skipped = [
      ...selection.skipped,
      ...selection.run.filter((packed) => notRun.has(packed) && !ended.has(packed) && !runs.has(packed)),
    ];
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
      },
      scenarios: kept.sort((left, right) => left.order - right.order).map(({ result }) => result),
    };
    await each(reporters, (reporter) => reporter.onRunEnd?.(runReport));
    const exitCode: ExitCode = tally.errored > 0 ? 2 : tally.failed > 0 ? 1 : 0;
    return { report: runReport, exitCode };
  } finally {
    await fake.close();
    if (startedProxy !== undefined) await (await startedProxy).close();
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
}: {
  options: RunScenariosOptions;
  cwd: string;
}): Promise<{ run: PackedScenario[]; skipped: PackedScenario[] }> {
  const found = await loadAll({
    files: await findScenarioFiles({ patterns: options.paths ?? ['scenarios/'], cwd }),
    cwd,
    defaults: options.defaults ?? {},
  });
  const criteria = {
    ...(options.filter === undefined ? {} : { filter: options.filter }),
    ...(options.tags === undefined ? {} : { tags: options.tags }),
    ...(options.shard === undefined ? {} : { shard: options.shard }),
  };
  const selection = selectScenarios({ scenarios: found, ...criteria });
  if (options.passWithNoScenarios !== true)
    assertScenariosSelected({ selection, scenarios: found, ...criteria });
  return { run: selection.run.map(packScenario), skipped: selection.skipped.map(packScenario) };
}

function liveMode({
  loaded,
  scenarioFile,
  proxy,
  live,
  record,
  redaction,
}: {
  loaded: LoadedScenario;
  scenarioFile: string;
  proxy: ModelProxy;
  live: LiveOptions;
  record: boolean;
  redaction: RecordingRedaction;
}): ScenarioMode {
  const { keys, ...upstream } = resolveLiveUpstream({ provider: loaded.scenario.provider, live });
  return {
    type: 'live',
    proxy,
    upstream,
    secrets: keys,
    ...(record ? { record: { scenarioFile, redaction } } : {}),
  };
}

function toErrored({ loaded, error }: { loaded: LoadedScenario; error: unknown }): ScenarioResult {
  return {
    ...toSkipped(loaded),
    status: 'failed',
    error: { message: error instanceof Error ? error.message : String(error) },
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
}): Promise<LoadedScenario[]> {
  const agents = createAgentLoader({ cwd });
  const outcomes = await Promise.allSettled(
    files.map((file) => loadScenarioFile(resolve(cwd, file), { cwd, defaults, agents })),
  );
  const issues = outcomes.flatMap((outcome) =>
    outcome.status === 'rejected'
      ? ScenarioFileError.isInstance(outcome.reason)
        ? outcome.reason.issues
        : [rethrow(outcome.reason)]
      : [],
  );
  if (issues.length > 0) {
    const relative = issues.map((issue) => ({ ...issue, file: relativeTo(cwd, issue.file) }));
    throw new ScenarioFileError(
      relative.filter(
        (issue, index) =>
          relative.findIndex((other) => formatScenarioIssue(other) === formatScenarioIssue(issue)) === index,
      ),
    );
  }
  return outcomes.flatMap((outcome, index) =>
    outcome.status === 'fulfilled' ? [{ ...outcome.value, file: files[index] ?? outcome.value.file }] : [],
  );
}

function toSkipped({ file, scenario }: LoadedScenario): ScenarioResult {
  return {
    name: scenario.name,
    file,
    tags: scenario.tags ?? [],
    status: 'skipped',
    durationMs: 0,
    turns: [],
    failures: [],
  };
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

function relativeTo(cwd: string, file: string): string {
  return file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;
}
