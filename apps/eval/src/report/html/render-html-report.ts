import type { RunReport, RunSummary, ScenarioResult } from '../run-report.js';
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
  const { head, tail } = renderHtmlFrame({ summary: report.summary, title, empty: scenarios.length === 0 });
  const body = scenarios.map((scenario, index) => renderScenario({ scenario, index })).join('\n');
  return `${head}${body}${tail}`;
}

/**
 * `report.html` piece by piece, the same bytes as `renderHtmlReport`: the page's head, then each scenario's card
 * as `renderScenarioWithoutIndex` drew it (read back with `read`), failed first, then its tail.
 */
export async function* renderHtmlReportPieces<Part extends { meta: HtmlPartMeta }>({
  summary,
  parts,
  read,
  title = 'toolloop eval',
}: {
  summary: RunSummary;
  /** In the runner's order. */
  parts: readonly Part[];
  read: (part: Part) => Promise<string>;
  title?: string | undefined;
}): AsyncGenerator<string> {
  const sorted = [...parts].sort(
    (left, right) => statusOrder[left.meta.status] - statusOrder[right.meta.status],
  );
  const { head, tail } = renderHtmlFrame({ summary, title, empty: sorted.length === 0 });
  yield head;
  for (const [index, part] of sorted.entries()) {
    const text = await read(part);
    yield `${index === 0 ? '' : '\n'}${text.slice(0, part.meta.indexAt)}${index}${text.slice(part.meta.indexAt)}`;
  }
  yield tail;
}

/** What the page needs to know of a stored card: its status (failed cards come first) and where its index goes. */
export interface HtmlPartMeta {
  status: ScenarioResult['status'];
  indexAt: number;
}

function renderHtmlFrame({ summary, title, empty }: { summary: RunSummary; title: string; empty: boolean }): {
  head: string;
  tail: string;
} {
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
  const pageTitle = `${title}: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`;
  return {
    head: `<!doctype html>
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
`,
    tail: `
<p class="empty"${empty ? '' : ' hidden'}>No scenarios to show.</p>
</main>
<script>${htmlScript}</script>
</body>
</html>
`,
  };
}
