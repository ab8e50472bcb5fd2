import type { RunReport, ScenarioResult } from '../run-report.js';
import { escapeHtml } from './escape-html.js';
import { htmlScript } from './html-script.js';
import { htmlStyles } from './html-styles.js';
import { renderScenario } from './render-scenario.js';
import { renderSummaryHeader } from './render-summary-header.js';

const statusOrder: Record<ScenarioResult['status'], number> = { failed: 0, passed: 1, skipped: 2 };

/**
 * `report.html`: one self-contained page (inline CSS and a little inline JS, no requests) with the run's
 * summary and every scenario, failed first, each turn drawn as a timeline. Readable without JS.
 */
export function renderHtmlReport({
  report,
  title = 'toolloop eval',
}: {
  report: RunReport;
  title?: string;
}): string {
  // Array.prototype.sort is stable: within a status, scenarios keep the runner's order.
  const scenarios = [...report.scenarios].sort(
    (left, right) => statusOrder[left.status] - statusOrder[right.status],
  );
  const { summary } = report;
  const filterButton = (filter: string, label: string, count: number) =>
    `<button type="button" data-filter="${filter}" aria-pressed="${filter === 'all'}">${label} <span class="muted">${count}</span></button>`;
  const toolbar = `<div class="toolbar" hidden>${[
    filterButton('all', 'All', summary.total),
    filterButton('failed', 'Failed', summary.failed),
    filterButton('passed', 'Passed', summary.passed),
    filterButton('skipped', 'Skipped', summary.skipped),
    ...(summary.flaky > 0 ? [filterButton('flaky', 'Flaky', summary.flaky)] : []),
  ].join(
    '',
  )}<input type="search" placeholder="Filter by name, file or tag" aria-label="Filter scenarios"><span class="shown"></span><button type="button" data-open="true">Expand all</button><button type="button" data-open="false">Collapse all</button></div>`;
  const body = scenarios.map((scenario, index) => renderScenario({ scenario, index })).join('\n');
  const pageTitle = `${title}: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(pageTitle)}</title>
<style>${htmlStyles}</style>
</head>
<body>
${renderSummaryHeader({ summary, title })}
${toolbar}
<main>
${body}
<p class="empty"${scenarios.length === 0 ? '' : ' hidden'}>No scenarios to show.</p>
</main>
<script>${htmlScript}</script>
</body>
</html>
`;
}
