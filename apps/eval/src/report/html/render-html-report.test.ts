import { describe, expect, it } from 'vitest';
import {
  buildRunReport,
  buildSampleRunReport,
  buildScenarioResult,
  buildTurnReport,
} from '../test-support/build-run-report.js';
import { renderHtmlReport } from './render-html-report.js';

describe('renderHtmlReport', () => {
  it('escapes scenario content everywhere it appears', () => {
    const html = renderHtmlReport({ report: buildSampleRunReport() });

    expect(html).toContain(
      '<span class="scenario-name">search &lt;then&gt; answer &amp; &quot;quote&quot;</span>',
    );
    expect(html).toContain(
      'data-search="search &lt;then&gt; answer &amp; &quot;quote&quot; scenarios/search.yaml"',
    );
    expect(html).toContain('<div class="prose">Course &lt;b&gt;Y&lt;/b&gt; &amp; friends.</div>');
    expect(html).toContain('spawn ENOENT\\u0007');
    expect(html).not.toContain('<b>Y</b>');
    expect(html).not.toContain('<then>');
  });

  it('cannot be broken out of by a scenario name that closes the script or a tag', () => {
    const name = '</script><script>alert(1)</script><img src=x onerror=alert(1)>';
    const html = renderHtmlReport({ report: buildRunReport({ scenarios: [buildScenarioResult({ name })] }) });

    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
  });

  it('draws the timeline: requests, thinking, status, tool calls, warnings, errors, text and the stop marker', () => {
    const html = renderHtmlReport({ report: buildSampleRunReport() });
    const failed = html.slice(html.indexOf('id="scenario-0"'), html.indexOf('id="scenario-1"'));

    expect([...failed.matchAll(/<li class="event event-([\w-]+)/g)].map(([, kind]) => kind)).toEqual([
      'request',
      'thinking',
      'status',
      'tool',
      'tool-result',
      'error',
      'request',
      'warning',
      'content',
      'stop',
    ]);
    expect(failed).toContain(
      '<code class="tool-name">search_course_content</code> <span class="duration">11 ms</span>',
    );
    expect(failed).toContain('<span class="stop-reason">max_rounds</span>');
    expect(failed).toContain('<span class="chip chip-muted">no tools offered</span>');
  });

  it('shows what each model request received when the runner recorded it', () => {
    const html = renderHtmlReport({ report: buildSampleRunReport() });

    expect(html).toContain(
      '<span class="setting">tool choice <code>{&quot;type&quot;:&quot;auto&quot;}</code></span>',
    );
    expect(html).toContain(
      '<span class="io-label">Last message · tool</span> <span class="preview">No such index</span>',
    );
  });

  it('numbers the turns of a multi-turn scenario', () => {
    const scenario = buildScenarioResult({
      turns: [buildTurnReport({ user: 'First question' }), buildTurnReport({ user: 'Second question' })],
    });
    const html = renderHtmlReport({ report: buildRunReport({ scenarios: [scenario] }) });

    expect([...html.matchAll(/<h3 class="turn-title">(.*?)<\/h3>/g)].map(([, title]) => title)).toEqual([
      'Turn 1 of 2',
      'Turn 2 of 2',
    ]);
  });

  it("shows each turn's tokens, the prompt cache's share and the cost, when there are any", () => {
    const scenario = buildScenarioResult({
      turns: [
        buildTurnReport({
          usage: { inputTokens: 80, outputTokens: 31, cacheReadTokens: 8338, cacheWriteTokens: 4358 },
          cost: 0.00355,
        }),
        buildTurnReport({ usage: { inputTokens: 12, outputTokens: 3 } }),
      ],
    });
    const html = renderHtmlReport({ report: buildRunReport({ scenarios: [scenario] }) });
    const facts = [...html.matchAll(/<div class="facts">(.*?)<\/div>/g)].map(([, turnFacts = '']) =>
      [...turnFacts.matchAll(/"fact-value">(.*?)<\/span> <span class="fact-label">(.*?)<\/span>/g)].map(
        ([, value, label]) => `${label}: ${value}`,
      ),
    );

    expect(facts.map((turn) => turn.filter((fact) => /tokens|cost/.test(fact)))).toEqual([
      ['tokens in / out: 80 / 31', 'tokens cache read / written: 8338 / 4358', 'cost: 0.0036'],
      ['tokens in / out: 12 / 3'],
    ]);
  });

  it('lists failed scenarios first, open, with their failures and diffs', () => {
    const html = renderHtmlReport({ report: buildSampleRunReport() });

    expect(
      [...html.matchAll(/<details class="scenario status-(\w+)" id="scenario-\d+"[^>]*?( open)?>/g)].map(
        ([, status, open]) => `${status}${open ?? ''}`,
      ),
    ).toEqual(['failed open', 'failed open', 'failed open', 'passed', 'skipped']);
    expect(html).toContain('<h3>3 failed expectations</h3>');
    expect(html).toContain(
      '<span class="diff-line diff-expected">-     &quot;query&quot;: &quot;retrieval&quot;</span>',
    );
    expect(html).toContain(
      '<dd class="expected"><code>2</code></dd><dt class="actual">Actual</dt><dd class="actual"><code>1</code></dd>',
    );
  });

  it('shows the summary in the header and the title', () => {
    const html = renderHtmlReport({ report: buildSampleRunReport() });

    expect(html).toContain('<title>toolloop eval: 1 passed, 3 failed, 1 skipped</title>');
    expect(html).toContain('<p class="verdict">3 of 5 scenarios failed</p>');
    expect(html).toContain('<div class="stat stat-flaky"><div class="stat-value">1</div>');
  });

  it('is one file that loads nothing from elsewhere', () => {
    const html = renderHtmlReport({ report: buildSampleRunReport() });

    expect(html).not.toMatch(/\b(?:src|href)=/);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toContain('@import');
    expect(html).toContain("default-src 'none'");
  });

  it('says so when there are no scenarios', () => {
    const html = renderHtmlReport({ report: buildRunReport({ scenarios: [] }) });

    expect(html).toContain('<p class="empty">No scenarios to show.</p>');
    expect(html).toContain('<p class="verdict">All 0 scenarios passed</p>');
  });
});
