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

/** The report checked field by field, so that a malformed one is refused naming where, not half written. */
function checkReport(source: string, report: unknown): RunReport {
  const fail = (path: string, expected: string): never => {
    throw mergeError(`${source}: ${path} ${expected} (is it a report.json of toolloop-eval?)`);
  };
  if (!isRecord(report)) fail('the file', 'is no JSON object');
  const { summary, scenarios } = report as { summary?: unknown; scenarios?: unknown };
  if (!isRecord(summary)) fail('summary', 'is missing');
  const summaryRecord = summary as Record<string, unknown>;
  if (typeof summaryRecord.durationMs !== 'number') fail('summary.durationMs', 'is not a number');
  if (!Array.isArray(scenarios)) fail('scenarios', 'is not a list');
  const checked = (scenarios as unknown[]).map((scenario, index): ScenarioResult => {
    const at = `scenarios[${index}]`;
    if (!isRecord(scenario)) fail(at, 'is not an object');
    const fields = scenario as Record<string, unknown>;
    if (typeof fields.name !== 'string') fail(`${at}.name`, 'is not a text');
    if (typeof fields.file !== 'string') fail(`${at}.file`, 'is not a text');
    if (!['passed', 'failed', 'skipped'].includes(String(fields.status)))
      fail(`${at}.status`, 'is not passed, failed or skipped');
    if (fields.durationMs !== undefined && typeof fields.durationMs !== 'number')
      fail(`${at}.durationMs`, 'is not a number');
    for (const list of ['turns', 'failures', 'tags'] as const) {
      if (fields[list] !== undefined && !Array.isArray(fields[list])) fail(`${at}.${list}`, 'is not a list');
    }
    ((fields.turns ?? []) as unknown[]).forEach((turn, turnIndex) => {
      if (!isRecord(turn)) fail(`${at}.turns[${turnIndex}]`, 'is not an object');
    });
    ((fields.failures ?? []) as unknown[]).forEach((failure, failureIndex) => {
      const entry = failure as Record<string, unknown>;
      if (!isRecord(failure) || typeof entry.path !== 'string' || typeof entry.message !== 'string')
        fail(`${at}.failures[${failureIndex}]`, 'needs a path and a message');
    });
    ((fields.tags ?? []) as unknown[]).forEach((tag, tagIndex) => {
      if (typeof tag !== 'string') fail(`${at}.tags[${tagIndex}]`, 'is not a text');
    });
    const error = fields.error as { message?: unknown } | undefined;
    if (error !== undefined && !(isRecord(error) && typeof error.message === 'string'))
      fail(`${at}.error`, 'needs a message');
    const result = scenario as Partial<ScenarioResult> & Pick<ScenarioResult, 'name' | 'file' | 'status'>;
    // report.json leaves out what only the HTML report shows of a turn (the servers' questions): none, merged.
    return {
      ...result,
      durationMs: result.durationMs ?? 0,
      tags: result.tags ?? [],
      failures: result.failures ?? [],
      turns: (result.turns ?? []).map((turn) => ({
        ...turn,
        elicitations: (turn as Partial<typeof turn>).elicitations ?? [],
      })),
    };
  });
  return { summary: summaryRecord as unknown as RunSummary, scenarios: checked };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The parts of one split, each once, none missing. A report that does not say which part it is (a whole run, or
 * one written before reports named their part) merges only alone: nothing could tell which parts are missing.
 */
function checkShards(parsed: ReadonlyArray<{ source: string; report: RunReport }>): void {
  const unnamed = parsed.filter(({ report }) => report.summary.shard === undefined);
  if (unnamed.length > 0 && parsed.length > 1) {
    const one = unnamed.length === 1;
    throw mergeError(
      `${unnamed.map(({ source }) => source).join(', ')} ${one ? 'does' : 'do'} not say which part of a run ${one ? 'it is' : 'they are'} (a whole run, or a report of a toolloop-eval from before reports named their part): merge the parts of one run made with --shard.`,
    );
  }
  const [first] = parsed;
  if (unnamed.length > 0 || first === undefined) return;
  const { count } = shardOf(first);
  const byIndex = new Map<number, string>();
  for (const entry of parsed) {
    const shard = shardOf(entry);
    if (shard.count !== count) {
      throw mergeError(
        `${entry.source} is part ${shard.index}/${shard.count}, ${first.source} part of ${count}: merge the parts of one split.`,
      );
    }
    const earlier = byIndex.get(shard.index);
    if (earlier !== undefined) {
      throw mergeError(`part ${shard.index}/${count} is given twice: ${earlier} and ${entry.source}.`);
    }
    byIndex.set(shard.index, entry.source);
  }
  if (byIndex.size === count) return;
  // The first missing parts, without walking a split of a billion parts.
  const missing: number[] = [];
  for (let index = 1; index <= count && missing.length < 10; index += 1) {
    if (!byIndex.has(index)) missing.push(index);
  }
  const more = count - byIndex.size - missing.length;
  throw mergeError(
    `part${count - byIndex.size === 1 ? '' : 's'} ${missing.map((index) => `${index}/${count}`).join(', ')}${more > 0 ? ` and ${more} more` : ''} missing: a merged report of some parts would pass scenarios it never ran.`,
  );
}

/** The part a report says it is, checked: whole numbers, 1 ≤ index ≤ count. */
function shardOf({ source, report }: { source: string; report: RunReport }): {
  index: number;
  count: number;
} {
  const { index, count } = (report.summary.shard ?? {}) as { index?: unknown; count?: unknown };
  if (
    typeof index !== 'number' ||
    typeof count !== 'number' ||
    !Number.isInteger(index) ||
    !Number.isInteger(count) ||
    index < 1 ||
    index > count
  ) {
    throw mergeError(`${source}: summary.shard is not a part i/n with 1 ≤ i ≤ n.`);
  }
  return { index, count };
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
