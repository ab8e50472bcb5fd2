import { escapeControlCharacters, escapeLine } from '../escape-control-characters.js';
import type { ScenarioResult } from '../run-report.js';
import { addIndented } from './add-indented.js';
import type { Colors } from './colors.js';

/** The "Runner errors" section: scenarios the runner itself failed on, with the error message. */
export function formatRunnerErrors({
  scenarios,
  colors,
}: {
  scenarios: ScenarioResult[];
  colors: Colors;
}): string[] {
  const erroring = scenarios.filter((scenario) => scenario.error !== undefined);
  if (erroring.length === 0) return [];
  const lines = [colors.bold(colors.red(`Runner errors (${erroring.length})`))];
  for (const scenario of erroring) {
    lines.push(
      '',
      `${colors.red('✗')} ${colors.bold(escapeLine(scenario.name))}  ${colors.dim(escapeLine(scenario.file))}`,
    );
    addIndented(lines, escapeControlCharacters(scenario.error?.message ?? '').split('\n'), '  ');
  }
  return lines;
}
