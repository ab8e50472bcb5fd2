import { formatDuration } from '../format-duration.js';
import type { RunSummary } from '../run-report.js';
import { escapeHtml } from './escape-html.js';

/** The page header: the verdict, the counts, a bar of passed/failed/skipped, and the duration. */
export function renderSummaryHeader({ summary, title }: { summary: RunSummary; title: string }): string {
  const verdict = summary.failed > 0 ? 'failed' : 'passed';
  const verdictText =
    summary.failed > 0
      ? `${summary.failed} of ${summary.total} scenario${summary.total === 1 ? '' : 's'} failed`
      : `All ${summary.passed} scenario${summary.passed === 1 ? '' : 's'} passed`;
  const share = (count: number) => (summary.total === 0 ? 0 : (count / summary.total) * 100).toFixed(2);
  const stat = (label: string, value: string | number, tone: string) =>
    `<div class="stat stat-${tone}"><div class="stat-value">${value}</div><div class="stat-label">${label}</div></div>`;
  return `<header class="run-header verdict-${verdict}"><div class="run-title"><h1>${escapeHtml(title)}</h1><p class="verdict">${verdictText}</p></div><div class="stats">${[
    stat('total', summary.total, 'total'),
    stat('passed', summary.passed, 'passed'),
    stat('failed', summary.failed, 'failed'),
    stat('skipped', summary.skipped, 'skipped'),
    ...(summary.flaky > 0 ? [stat('flaky', summary.flaky, 'flaky')] : []),
    stat('duration', formatDuration(summary.durationMs), 'total'),
  ].join(
    '',
  )}</div><div class="bar" role="img" aria-label="${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped"><span class="bar-passed" style="width:${share(summary.passed)}%"></span><span class="bar-failed" style="width:${share(summary.failed)}%"></span><span class="bar-skipped" style="width:${share(summary.skipped)}%"></span></div></header>`;
}
