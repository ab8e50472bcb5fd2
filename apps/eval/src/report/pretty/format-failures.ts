import { escapeControlCharacters, escapeLine } from '../escape-control-characters.js';
import type { ScenarioResult } from '../run-report.js';
import { addIndented } from './add-indented.js';
import type { Colors } from './colors.js';
import { formatValueDiff } from './format-value-diff.js';

/**
 * The "Failures" section: each scenario with failed expectations, its file, and for each failure the field
 * path, the message and an expected/actual diff. Empty when nothing failed an expectation.
 */
export function formatFailures({
  scenarios,
  colors,
}: {
  scenarios: ScenarioResult[];
  colors: Colors;
}): string[] {
  const failing = scenarios.filter((scenario) => scenario.failures.length > 0);
  if (failing.length === 0) return [];
  const lines = [colors.bold(colors.red(`Failures (${failing.length})`))];
  for (const scenario of failing) {
    lines.push(
      '',
      `${colors.red('✗')} ${colors.bold(escapeLine(scenario.name))}  ${colors.dim(escapeLine(scenario.file))}`,
    );
    for (const failure of scenario.failures) {
      lines.push('', `  ${colors.cyan(escapeLine(failure.path))}`);
      addIndented(lines, escapeControlCharacters(failure.message).split('\n'), '  ');
      addIndented(
        lines,
        formatValueDiff({ expected: failure.expected, actual: failure.actual, colors }),
        '    ',
      );
    }
  }
  return lines;
}
