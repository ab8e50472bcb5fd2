import type { Reporter } from '../reporter.js';
import type { RunSummary, ScenarioResult } from '../run-report.js';
import { createColors } from './colors.js';
import { formatFailures } from './format-failures.js';
import { formatProgressLine, type ProgressCounts } from './format-progress-line.js';
import { formatRepeatRates } from './format-repeat-rates.js';
import { formatRunnerErrors } from './format-runner-errors.js';
import { formatScenarioLine } from './format-scenario-line.js';
import { formatSummary } from './format-summary.js';

/** Where the pretty reporter writes: `process.stdout`, or anything with `write` (tests pass a recorder). */
export interface PrettyReporterStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
  columns?: number | undefined;
}

const clearLine = '\r\u001b[2K';

/**
 * The reporter for people: on a terminal, one live progress line rewritten in place and a line per failure
 * as it happens; elsewhere (CI), one plain line per scenario. At the end, every failure with its diff,
 * runner errors, `--repeat` pass rates and the `N passed, N failed, N skipped` line.
 *
 * @example
 * const reporter = createPrettyReporter({ stream: process.stderr, color: false });
 */
export function createPrettyReporter({
  stream = process.stdout,
  isTTY = stream.isTTY === true && !process.env.CI,
  color = isTTY ? !process.env.NO_COLOR : isColorForced(process.env.FORCE_COLOR),
}: {
  stream?: PrettyReporterStream;
  /** Rewrite a live progress line instead of printing a line per scenario. */
  isTTY?: boolean;
  /** Use ANSI colors (default: on a terminal, unless `NO_COLOR`; elsewhere only with `FORCE_COLOR`). */
  color?: boolean;
} = {}): Reporter {
  const colors = createColors(color);
  const counts: ProgressCounts = { done: 0, total: 0, passed: 0, failed: 0, skipped: 0 };
  // Started and not yet ended, oldest first: the oldest is the one worth naming on the progress line.
  const running = new Set<string>();
  // What the end of the run lists (failures, runner errors, pass rates), without the turns: memory stays flat.
  let ended: Array<{ order: number; result: ScenarioResult }> = [];
  let endedCount = 0;
  const writeLines = (lines: string[]) => {
    stream.write(lines.map((line) => `${line}\n`).join(''));
  };
  const drawProgress = () => {
    const line = formatProgressLine({
      counts,
      running: running.values().next().value,
      columns: stream.columns ?? 80,
      colors,
    });
    stream.write(`${clearLine}${line}`);
  };

  return {
    onRunStart(info) {
      counts.total = info.total;
      ended = [];
      endedCount = 0;
      if (isTTY) drawProgress();
    },
    onScenarioStart(scenario) {
      running.add(scenario.name);
      if (isTTY) drawProgress();
    },
    onScenarioEnd(result, place) {
      running.delete(result.name);
      count(counts, result);
      const order = place?.order ?? endedCount;
      endedCount++;
      if (result.failures.length > 0 || result.error !== undefined || result.repeat !== undefined)
        ended.push({ order, result: { ...result, turns: [] } });
      if (!isTTY) {
        writeLines([formatScenarioLine({ result, colors })]);
        return;
      }
      if (result.status === 'failed') {
        stream.write(clearLine);
        writeLines([formatScenarioLine({ result, colors })]);
      }
      drawProgress();
    },
    onRunEnd(report) {
      if (isTTY) stream.write(clearLine);
      // A reporter given only the report (no onScenarioEnd) lists the report's own scenarios.
      const scenarios =
        endedCount === 0
          ? report.scenarios
          : ended.sort((left, right) => left.order - right.order).map(({ result }) => result);
      writeLines(formatRunEnd({ summary: report.summary, scenarios, colors }));
    },
  };
}

function count(counts: ProgressCounts, result: ScenarioResult): void {
  counts.done++;
  counts[result.status]++;
}

function formatRunEnd({
  summary,
  scenarios,
  colors,
}: {
  summary: RunSummary;
  scenarios: ScenarioResult[];
  colors: ReturnType<typeof createColors>;
}) {
  const sections = [
    formatFailures({ scenarios, colors }),
    formatRunnerErrors({ scenarios, colors }),
    formatRepeatRates({ scenarios, colors }),
    formatSummary({ summary, colors }),
  ];
  return sections.filter((section) => section.length > 0).flatMap((section) => ['', ...section]);
}

function isColorForced(forceColor: string | undefined): boolean {
  return forceColor !== undefined && forceColor !== '' && forceColor !== '0' && forceColor !== 'false';
}
