import { toStableJson } from '../diff/to-stable-json.js';
import type { RunReport, ScenarioFailure, ScenarioResult } from '../run-report.js';
import { escapeXml } from './escape-xml.js';

/**
 * `junit.xml`: one `<testsuite>` per scenario file and one `<testcase>` per scenario. Failed expectations are
 * a `<failure type="assertion">`, a runner error an `<error>`, a skipped scenario `<skipped/>`; times are in
 * seconds.
 */
export function toJunitXml(report: RunReport): string {
  const files = new Map<string, ScenarioResult[]>();
  for (const scenario of report.scenarios) {
    files.set(scenario.file, [...(files.get(scenario.file) ?? []), scenario]);
  }
  const totals = countCases(report.scenarios);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolloop-eval" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${toSeconds(report.summary.durationMs)}">`,
    ...[...files].flatMap(([file, scenarios]) => toTestSuite({ file, scenarios })),
    '</testsuites>',
    '',
  ].join('\n');
}

function toTestSuite({ file, scenarios }: { file: string; scenarios: ScenarioResult[] }): string[] {
  const counts = countCases(scenarios);
  const durationMs = scenarios.reduce((sum, scenario) => sum + scenario.durationMs, 0);
  return [
    `  <testsuite name="${attribute(file)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${toSeconds(durationMs)}">`,
    ...scenarios.flatMap(toTestCase),
    '  </testsuite>',
  ];
}

function toTestCase(scenario: ScenarioResult): string[] {
  const open = `    <testcase classname="${attribute(scenario.file)}" name="${attribute(scenario.name)}" time="${toSeconds(scenario.durationMs)}"`;
  const children = [...toProperties(scenario), ...toOutcome(scenario)];
  if (children.length === 0) return [`${open}/>`];
  return [`${open}>`, ...children.map((line) => `      ${line}`), '    </testcase>'];
}

function toOutcome(scenario: ScenarioResult): string[] {
  const failureText = scenario.failures.map(toFailureText).join('\n\n');
  if (scenario.error) {
    const body = [scenario.error.stack ?? scenario.error.message, failureText].filter(Boolean).join('\n\n');
    return [`<error message="${attribute(scenario.error.message)}" type="runner">${escapeXml(body)}</error>`];
  }
  switch (scenario.status) {
    case 'passed':
      return [];
    case 'skipped':
      return ['<skipped/>'];
    case 'failed':
      return [
        `<failure message="${attribute(toFailureMessage(scenario.failures))}" type="assertion">${escapeXml(failureText)}</failure>`,
      ];
    default: {
      const unknownStatus: never = scenario.status;
      throw new Error(`Unknown scenario status: ${String(unknownStatus)}`);
    }
  }
}

function toProperties(scenario: ScenarioResult): string[] {
  const properties: [string, string][] = scenario.tags.map((tag) => ['tag', tag]);
  if (scenario.repeat) {
    properties.push(
      ['runs', String(scenario.repeat.runs)],
      ['passedRuns', String(scenario.repeat.passed)],
      ['passRate', String(scenario.repeat.passRate)],
      ['passAtK', String(scenario.repeat.passAtK)],
      ['passAllK', String(scenario.repeat.passAllK)],
      ['flaky', String(scenario.repeat.flaky)],
    );
  }
  if (scenario.tokens) {
    properties.push(
      ['inputTokens', String(scenario.tokens.input)],
      ['outputTokens', String(scenario.tokens.output)],
    );
  }
  if (scenario.cost !== undefined) properties.push(['cost', String(scenario.cost)]);
  if (properties.length === 0) return [];
  return [
    '<properties>',
    ...properties.map(
      ([name, value]) => `  <property name="${attribute(name)}" value="${attribute(value)}"/>`,
    ),
    '</properties>',
  ];
}

function toFailureMessage(failures: ScenarioFailure[]): string {
  const [first] = failures;
  if (first === undefined) return 'The scenario failed.';
  const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
  return `${first.path}: ${first.message}${more}`;
}

function toFailureText(failure: ScenarioFailure): string {
  return [
    `${failure.path}: ${failure.message}`,
    `expected: ${toStableJson(failure.expected)}`,
    `actual: ${toStableJson(failure.actual)}`,
  ].join('\n');
}

function countCases(scenarios: ScenarioResult[]) {
  return {
    tests: scenarios.length,
    errors: scenarios.filter((scenario) => scenario.error !== undefined).length,
    failures: scenarios.filter((scenario) => scenario.status === 'failed' && scenario.error === undefined)
      .length,
    skipped: scenarios.filter((scenario) => scenario.status === 'skipped').length,
  };
}

function attribute(text: string): string {
  return escapeXml(text, { attribute: true });
}

function toSeconds(durationMs: number): string {
  return (durationMs / 1000).toFixed(3);
}
