import { formatDuration } from '../format-duration.js';
import type { RunSummary } from '../run-report.js';
import type { Colors } from './colors.js';

/**
 * The closing lines: `N passed, N failed, N skipped` alone and uncolored (CI log readers match it), then the
 * duration.
 */
export function formatSummary({ summary, colors }: { summary: RunSummary; colors: Colors }): string[] {
  const flaky = summary.flaky > 0 ? `, ${colors.yellow(`${summary.flaky} flaky`)}` : '';
  return [
    `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`,
    colors.dim(
      `${summary.total} scenario${summary.total === 1 ? '' : 's'} in ${formatDuration(summary.durationMs)}`,
    ) + flaky,
  ];
}
