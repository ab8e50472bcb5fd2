import { describe, expect, it } from 'vitest';
import { renderScenario } from './html/render-scenario.js';
import { toJsonScenario } from './json/to-json-report.js';
import { toJunitCase } from './junit/to-junit-xml.js';
import { createColors } from './pretty/colors.js';
import { formatScenarioLine } from './pretty/format-scenario-line.js';
import { buildScenarioResult } from './test-support/build-run-report.js';

const scripted = buildScenarioResult({ source: 'script' });
const replayed = buildScenarioResult({ source: 'recording' });
const live = buildScenarioResult({ source: 'live' });

describe('where the model answers of a scenario came from, in every reporter', () => {
  it('pretty: a replayed or live scenario says so on its line; a scripted one, the usual case, does not', () => {
    const colors = createColors(false);

    expect(formatScenarioLine({ result: scripted, colors })).toBe('✓ outline lookup (12 ms)');
    expect(formatScenarioLine({ result: replayed, colors })).toBe('✓ outline lookup (12 ms) replayed');
    expect(formatScenarioLine({ result: live, colors })).toBe('✓ outline lookup (12 ms) live');
  });

  it('json: `source` is script, recording or live', () => {
    expect([scripted, replayed, live].map((result) => toJsonScenario(result).source)).toEqual([
      'script',
      'recording',
      'live',
    ]);
  });

  it('junit: a `source` property of the test case', () => {
    expect(toJunitCase(replayed).text).toContain('<property name="source" value="recording"/>');
    expect(toJunitCase(scripted).text).toContain('<property name="source" value="script"/>');
  });

  it('html: a chip on the card of a replayed or live scenario', () => {
    expect(renderScenario({ scenario: replayed, index: 0 })).toContain(
      '<span class="chip chip-source" title="the model\'s answers came from its recording">replayed</span>',
    );
    expect(renderScenario({ scenario: live, index: 0 })).toContain(
      '<span class="chip chip-source" title="the model\'s answers came from the real API">live</span>',
    );
    expect(renderScenario({ scenario: scripted, index: 0 })).not.toContain('chip-source');
  });
});
