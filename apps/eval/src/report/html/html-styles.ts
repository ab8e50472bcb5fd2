/** The HTML report's stylesheet, inlined so the report is one file that makes no requests. */
export const htmlStyles = `
:root {
  color-scheme: light dark;
  --page: #f4f5f8; --card: #ffffff; --ink: #1d2330; --muted: #6b7385; --line: #e2e5ec; --soft: #f7f8fb;
  --green: #1a7f4b; --green-soft: #e4f5ec; --red: #c4323d; --red-soft: #fdecee; --amber: #a86a00;
  --amber-soft: #fff4dc; --blue: #2f62d8; --blue-soft: #e8efff; --violet: #7445c9; --violet-soft: #f1ebfc;
  --teal: #127c86; --gray: #8a91a0;
  --mono: ui-monospace, 'SFMono-Regular', 'JetBrains Mono', Menlo, Consolas, monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --page: #12151c; --card: #1a1f29; --ink: #e3e7ef; --muted: #949cad; --line: #2b3240; --soft: #202634;
    --green: #4cc38a; --green-soft: #173325; --red: #f0707a; --red-soft: #3a1d22; --amber: #e7b24c;
    --amber-soft: #3a2e15; --blue: #7ea2ff; --blue-soft: #1d2a4a; --violet: #b596ff; --violet-soft: #2a2243;
    --teal: #4fc4cf; --gray: #7d8596;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--page); color: var(--ink);
  font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', sans-serif; }
main, .run-header, .toolbar { max-width: 1120px; margin: 0 auto; }
code, pre { font-family: var(--mono); font-size: 12.5px; }
pre { margin: 0; white-space: pre-wrap; word-break: break-word; }
h1, h2, h3 { margin: 0; }
.muted { color: var(--muted); }

.run-header { padding: 28px 24px 20px; display: grid; grid-template-columns: 1fr auto; gap: 16px 24px; align-items: end; }
.run-title h1 { font-size: 13px; letter-spacing: .08em; text-transform: uppercase; color: var(--muted); font-weight: 600; }
.verdict { margin: 4px 0 0; font-size: 26px; font-weight: 700; }
.verdict-passed .verdict { color: var(--green); }
.verdict-failed .verdict { color: var(--red); }
.stats { display: flex; gap: 8px; flex-wrap: wrap; }
.stat { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 8px 14px; min-width: 76px; text-align: center; }
.stat-value { font-size: 20px; font-weight: 700; font-variant-numeric: tabular-nums; }
.stat-label { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
.stat-passed .stat-value { color: var(--green); }
.stat-failed .stat-value { color: var(--red); }
.stat-skipped .stat-value { color: var(--gray); }
.stat-flaky .stat-value { color: var(--amber); }
.bar { grid-column: 1 / -1; display: flex; height: 8px; border-radius: 99px; overflow: hidden; background: var(--line); }
.bar-passed { background: var(--green); } .bar-failed { background: var(--red); } .bar-skipped { background: var(--gray); }

.toolbar { padding: 0 24px 12px; display: flex; gap: 8px; flex-wrap: wrap; align-items: center; position: sticky; top: 0;
  background: var(--page); z-index: 2; padding-top: 10px; }
.toolbar[hidden] { display: none; }
.toolbar button { font: inherit; border: 1px solid var(--line); background: var(--card); color: var(--ink);
  border-radius: 99px; padding: 4px 12px; cursor: pointer; }
.toolbar button[aria-pressed='true'] { background: var(--ink); color: var(--card); border-color: var(--ink); }
.toolbar input { font: inherit; flex: 1; min-width: 180px; border: 1px solid var(--line); background: var(--card);
  color: var(--ink); border-radius: 8px; padding: 5px 10px; }
.toolbar .shown { color: var(--muted); font-size: 12px; }

main { padding: 0 24px 48px; }
.scenario { background: var(--card); border: 1px solid var(--line); border-radius: 12px; margin: 0 0 10px;
  box-shadow: 0 1px 2px rgb(16 24 40 / 4%); overflow: hidden; }
.scenario.status-failed { border-left: 4px solid var(--red); }
.scenario.status-passed { border-left: 4px solid var(--green); }
.scenario.status-skipped { border-left: 4px solid var(--gray); }
.scenario > summary { display: flex; align-items: center; gap: 10px; padding: 12px 16px; cursor: pointer; list-style: none; flex-wrap: wrap; }
.scenario > summary::-webkit-details-marker { display: none; }
.scenario > summary::before { content: '▸'; color: var(--muted); transition: transform .15s; }
.scenario[open] > summary::before { transform: rotate(90deg); }
.scenario[open] > summary { border-bottom: 1px solid var(--line); }
.scenario-name { font-weight: 600; }
.scenario-file { font-family: var(--mono); font-size: 12px; color: var(--muted); }
.scenario-duration { margin-left: auto; color: var(--muted); font-variant-numeric: tabular-nums; font-size: 12px; }
.scenario-body { padding: 4px 16px 16px; }

.badge { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; border-radius: 6px; padding: 2px 7px; }
.badge-passed { background: var(--green-soft); color: var(--green); }
.badge-failed { background: var(--red-soft); color: var(--red); }
.badge-skipped { background: var(--soft); color: var(--gray); }
.chip { display: inline-block; font-size: 12px; background: var(--soft); border: 1px solid var(--line); border-radius: 99px; padding: 0 8px; }
.chip-muted { color: var(--muted); font-style: italic; }
.chip-tag { color: var(--blue); background: var(--blue-soft); border-color: transparent; }
.chip-source { color: var(--muted); }
.chip-flaky { color: var(--amber); background: var(--amber-soft); border-color: transparent; font-weight: 600; }
.setting { font-size: 12px; color: var(--muted); }
.setting code { color: var(--ink); }
.last-message { margin-top: 4px; font-size: 12.5px; }
.last-message .preview { color: var(--muted); }
.chips { display: flex; gap: 4px; flex-wrap: wrap; margin-top: 4px; }
.pill { font-weight: 700; font-family: var(--mono); font-size: 12px; border-radius: 99px; padding: 2px 10px; }
.tone-answered { --tone: var(--green); --tone-soft: var(--green-soft); }
.tone-limited { --tone: var(--amber); --tone-soft: var(--amber-soft); }
.tone-failed { --tone: var(--red); --tone-soft: var(--red-soft); }
.pill { color: var(--tone); background: var(--tone-soft); }

.failures, .runner-error { margin: 12px 0; background: var(--red-soft); border-radius: 10px; padding: 12px 14px; }
.failures h3, .runner-error h3 { font-size: 13px; color: var(--red); margin-bottom: 6px; }
.failures ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
.failure { background: var(--card); border-radius: 8px; padding: 10px 12px; }
.failure-path { color: var(--red); font-weight: 600; }
.failure-message { margin: 2px 0 6px; white-space: pre-wrap; }
.values { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; }
.values dt { font-size: 12px; font-weight: 600; } .values dd { margin: 0; }
.expected, .diff-expected { color: var(--green); } .actual, .diff-actual { color: var(--red); }
.diff pre { background: var(--soft); border-radius: 6px; padding: 8px 10px; overflow-x: auto; }
.diff-legend { font-size: 12px; font-family: var(--mono); margin-bottom: 4px; }
.diff-line { display: block; }
.diff-line.diff-expected { background: var(--green-soft); } .diff-line.diff-actual { background: var(--red-soft); }
.diff-skipped { color: var(--muted); font-style: italic; }

.turn { margin-top: 16px; }
.turn-title { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin-bottom: 8px; }
.user-message { background: var(--blue-soft); border-radius: 10px; padding: 8px 12px; }
.io-label { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
.prose { white-space: pre-wrap; word-break: break-word; }
.facts { display: flex; gap: 14px; align-items: center; flex-wrap: wrap; margin: 10px 0 6px; font-size: 12px; }
.fact-value { font-weight: 700; font-variant-numeric: tabular-nums; } .fact-label { color: var(--muted); }
.answer { margin-top: 10px; border: 1px solid var(--line); border-radius: 10px; padding: 8px 12px; }
.judge { margin-top: 10px; border: 1px solid var(--line); border-radius: 10px; padding: 8px 12px; }
.judge-rubric { color: var(--muted); }
.judge-reasons { margin-top: 6px; }

.timeline { list-style: none; margin: 8px 0 0; padding: 0; }
.event { display: grid; grid-template-columns: 78px 1fr; }
.event-time { text-align: right; padding: 10px 14px 0 0; font-family: var(--mono); font-size: 11px; color: var(--muted); font-variant-numeric: tabular-nums; }
.event-body { --dot: var(--gray); position: relative; border-left: 2px solid var(--line); padding: 8px 0 8px 20px; min-width: 0; }
.event-body::before { content: ''; position: absolute; left: -7px; top: 13px; width: 12px; height: 12px; border-radius: 50%;
  background: var(--card); border: 2px solid var(--dot); }
.event-head { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.event-kind { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .06em; color: var(--dot); }
.event-request .event-body { --dot: var(--blue); }
.event-thinking .event-body { --dot: var(--gray); }
.event-thinking .prose, .event-thinking .preview { color: var(--muted); font-style: italic; }
.event-content .event-body { --dot: var(--ink); }
.event-content .prose { background: var(--soft); border-radius: 8px; padding: 6px 10px; margin-top: 4px; }
.event-status .event-body { --dot: var(--teal); padding-top: 6px; padding-bottom: 6px; }
.event-status .event-body::before { width: 8px; height: 8px; left: -5px; top: 12px; background: var(--teal); }
.status-line { color: var(--teal); }
.event-warning .event-body { --dot: var(--amber); }
.event-warning .prose { color: var(--amber); }
.event-error .event-body { --dot: var(--red); }
.event-error .prose { color: var(--red); }
.event-tool .event-body, .event-tool-result .event-body { --dot: var(--violet); }
.event-tool-result.is-error .event-body { --dot: var(--red); }
.tool-name { font-weight: 700; color: var(--violet); }
.is-error .tool-name { color: var(--red); }
.duration { font-size: 12px; color: var(--muted); font-variant-numeric: tabular-nums; }
.tool-io { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 8px; margin-top: 6px; }
.io pre, .io p { background: var(--violet-soft); border-radius: 8px; padding: 6px 10px; margin: 2px 0 0; max-height: 320px; overflow: auto; }
.is-error .io-result { background: var(--red-soft); color: var(--red); }
.event-stop .event-body { --dot: var(--tone); border-left-color: transparent; }
.event-stop .event-body::before { border-radius: 3px; background: var(--tone); }
.stop-marker { display: inline-flex; gap: 8px; align-items: center; background: var(--tone-soft); border-radius: 99px; padding: 2px 12px 2px 10px; }
.stop-marker .event-kind { color: var(--tone); }
.stop-reason { font-family: var(--mono); font-weight: 700; color: var(--tone); }
.fold > summary { cursor: pointer; color: var(--muted); font-size: 12px; }
.fold pre { background: var(--soft); border-radius: 6px; padding: 6px 10px; margin-top: 4px; }
.empty { text-align: center; color: var(--muted); padding: 32px; }
@media (max-width: 700px) {
  .run-header { grid-template-columns: 1fr; padding: 20px 14px 14px; }
  .verdict { font-size: 22px; }
  .stat { min-width: 0; padding: 6px 10px; }
  .toolbar, main { padding-left: 14px; padding-right: 14px; }
  .toolbar { position: static; }
  .scenario-body { padding: 4px 10px 12px; }
  .event { grid-template-columns: 50px 1fr; }
  .event-time { padding-right: 10px; }
}
`;
