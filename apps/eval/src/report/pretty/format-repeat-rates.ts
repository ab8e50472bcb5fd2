import { escapeLine } from '../escape-control-characters.js';
import type { ScenarioResult } from '../run-report.js';
import type { Colors } from './colors.js';

/** The "Pass rates" section for `--repeat`: runs passed, the rate, and flaky scenarios flagged, flaky first. */
export function formatRepeatRates({
  scenarios,
  colors,
}: {
  scenarios: ScenarioResult[];
  colors: Colors;
}): string[] {
  const repeated = scenarios.flatMap((scenario) =>
    scenario.repeat ? [{ scenario, repeat: scenario.repeat }] : [],
  );
  if (repeated.length === 0) return [];
  const flakyCount = repeated.filter(({ repeat }) => repeat.flaky).length;
  const title = `Pass rates over repeated runs${flakyCount > 0 ? ` (${flakyCount} flaky)` : ''}`;
  const ordered = [
    ...repeated.filter(({ repeat }) => repeat.flaky),
    ...repeated.filter(({ repeat }) => !repeat.flaky),
  ];
  // Not `Math.max(...)`: a large suite has more scenarios than a call takes as arguments.
  const runsWidth = ordered.reduce(
    (widest, { repeat }) => Math.max(widest, `${repeat.passed}/${repeat.runs}`.length),
    0,
  );
  return [
    colors.bold(title),
    '',
    ...ordered.map(({ scenario, repeat }) => {
      const runs = `${repeat.passed}/${repeat.runs}`.padStart(runsWidth);
      const rate = `${Math.round(repeat.passRate * 100)}%`.padStart(4);
      const color =
        repeat.passed === repeat.runs ? colors.green : repeat.passed === 0 ? colors.red : colors.yellow;
      const flag = repeat.flaky ? `  ${colors.yellow('flaky')}` : '';
      const k = repeat.runs;
      const rates = colors.dim(
        `pass@${k} ${repeat.passAtK ? 'yes' : 'no '}  pass^${k} ${repeat.passAllK ? 'yes' : 'no '}`,
      );
      return `  ${color(`${runs} ${rate}`)}  ${rates}  ${escapeLine(scenario.name)}${flag}`;
    }),
  ];
}
