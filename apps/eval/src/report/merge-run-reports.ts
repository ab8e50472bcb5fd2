import type { ExitCode } from '../run/run-scenarios.js';
import type { RunReport, RunSummary, ScenarioResult } from './run-report.js';

/** A `report.json` read back, with where it came from (for messages). */
export interface ReportToMerge {
  source: string;
  report: unknown;
}

/**
 * Merges the JSON reports of the parts of one suite (`--shard i/n` runs, with or without `--repeat`) into the
 * report a single run would have given: its scenarios in the order a single run lists them (those that ran,
 * by file then name, then those skipped), its summary counted again (`durationMs`: the longest part's, as
 * parts run side by side), and its exit code (2 when a scenario met a runner error, 1 when one failed, else 0).
 * Refused, naming the reports: a file that is no report, parts of different splits, a part given twice or
 * missing, a scenario found in two reports.
 */
export function mergeRunReports(reports: readonly ReportToMerge[]): {
  report: RunReport;
  exitCode: ExitCode;
} {
  if (reports.length === 0) throw mergeError('give at least one report.json (or a directory holding one).');
  const parsed = reports.map(({ source, report }) => ({ source, report: checkReport(source, report) }));
  checkShards(parsed);
  const seen = new Map<string, string>();
  for (const { source, report } of parsed) {
    for (const scenario of report.scenarios) {
      const key = `${scenario.file}\n${scenario.name}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        throw mergeError(
          `scenario '${scenario.name}' (${scenario.file}) is in both ${earlier} and ${source}: merge the reports of one run's parts, each once.`,
        );
      }
      seen.set(key, source);
    }
  }
  const all = parsed.flatMap(({ report }) => report.scenarios);
  const byFileThenName = (left: ScenarioResult, right: ScenarioResult) =>
    left.file.localeCompare(right.file) || left.name.localeCompare(right.name);
  const scenarios = [
    ...all.filter((scenario) => scenario.status !== 'skipped').sort(byFileThenName),
    ...all.filter((scenario) => scenario.status === 'skipped').sort(byFileThenName),
  ];
  const summary: RunSummary = {
    total: scenarios.length,
    passed: scenarios.filter((scenario) => scenario.status === 'passed').length,
    failed: scenarios.filter((scenario) => scenario.status === 'failed').length,
    skipped: scenarios.filter((scenario) => scenario.status === 'skipped').length,
    durationMs: Math.max(...parsed.map(({ report }) => report.summary.durationMs)),
    flaky: scenarios.filter((scenario) => scenario.repeat?.flaky === true).length,
  };
  const exitCode: ExitCode = scenarios.some((scenario) => scenario.error !== undefined)
    ? 2
    : summary.failed > 0
      ? 1
      : 0;
  return { report: { summary, scenarios }, exitCode };
}

/** The report, as far as merging needs it checked: a summary, and scenarios with a name, a file and a status. */
function checkReport(source: string, report: unknown): RunReport {
  const shape = report as { summary?: unknown; scenarios?: unknown } | null;
  if (
    typeof shape !== 'object' ||
    shape === null ||
    typeof shape.summary !== 'object' ||
    shape.summary === null ||
    !Array.isArray(shape.scenarios)
  ) {
    throw mergeError(`${source} is no report.json of toolloop-eval (it needs summary and scenarios).`);
  }
  for (const [index, scenario] of (shape.scenarios as unknown[]).entries()) {
    const fields = scenario as Partial<Record<'name' | 'file' | 'status', unknown>> | null;
    if (
      typeof fields?.name !== 'string' ||
      typeof fields.file !== 'string' ||
      !['passed', 'failed', 'skipped'].includes(String(fields.status))
    ) {
      throw mergeError(`${source}: scenarios[${index}] needs a name, a file and a status.`);
    }
  }
  // report.json leaves out what only the HTML report shows of a turn (the servers' questions): none, merged.
  const scenarios = (
    shape.scenarios as Array<Partial<ScenarioResult> & Pick<ScenarioResult, 'name' | 'file' | 'status'>>
  ).map((scenario): ScenarioResult => ({
    ...scenario,
    durationMs: scenario.durationMs ?? 0,
    tags: scenario.tags ?? [],
    failures: scenario.failures ?? [],
    turns: (scenario.turns ?? []).map((turn) => ({
      ...turn,
      elicitations: (turn as Partial<typeof turn>).elicitations ?? [],
    })),
  }));
  return { summary: shape.summary as RunSummary, scenarios };
}

/** Parts of one split, each once, none missing; or no part at all named (whole runs, of different paths). */
function checkShards(parsed: ReadonlyArray<{ source: string; report: RunReport }>): void {
  const shards = parsed.filter(({ report }) => report.summary.shard !== undefined);
  if (shards.length === 0) return;
  if (shards.length < parsed.length) {
    const whole = parsed.find(({ report }) => report.summary.shard === undefined)?.source ?? '';
    throw mergeError(
      `${whole} is a whole run, the others parts of one (--shard): merge the parts of one run.`,
    );
  }
  const count = shards[0]?.report.summary.shard?.count ?? 0;
  const byIndex = new Map<number, string>();
  for (const { source, report } of shards) {
    const shard = report.summary.shard;
    if (shard === undefined) continue;
    if (shard.count !== count) {
      throw mergeError(
        `${source} is part ${shard.index}/${shard.count}, ${shards[0]?.source ?? ''} part of ${count}: merge the parts of one split.`,
      );
    }
    const earlier = byIndex.get(shard.index);
    if (earlier !== undefined) {
      throw mergeError(`part ${shard.index}/${count} is given twice: ${earlier} and ${source}.`);
    }
    byIndex.set(shard.index, source);
  }
  const missing = Array.from({ length: count }, (_unused, index) => index + 1).filter(
    (index) => !byIndex.has(index),
  );
  if (missing.length > 0) {
    throw mergeError(
      `part${missing.length === 1 ? '' : 's'} ${missing.map((index) => `${index}/${count}`).join(', ')} missing: a merged report of some parts would pass scenarios it never ran.`,
    );
  }
}

/** Reports that cannot be merged into the report of one run: the message names them and why. */
export class ReportMergeError extends Error {
  constructor(message: string) {
    super(`Cannot merge the reports: ${message}`);
    this.name = 'ReportMergeError';
  }
}

function mergeError(message: string): ReportMergeError {
  return new ReportMergeError(message);
}
