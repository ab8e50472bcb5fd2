import { toStableJson } from '../diff/to-stable-json.js';
import type { RunReport, RunSummary, ScenarioFailure, ScenarioResult } from '../run-report.js';
import { escapeXml } from './escape-xml.js';

/**
 * `junit.xml`: one `<testsuite>` per scenario file and one `<testcase>` per scenario. Failed expectations are
 * a `<failure type="assertion">`, a runner error an `<error>`, a skipped scenario `<skipped/>`; times are in
 * seconds.
 */
export function toJunitXml(report: RunReport): string {
  const cases = report.scenarios.map(toJunitCase);
  return [...toJunitFrame({ summary: report.summary, cases, caseText: ({ text }) => text }), ''].join('\n');
}

/** What `junit.xml`'s suites and totals need to know of a scenario, beside its `<testcase>`. */
export interface JunitCase {
  file: string;
  durationMs: number;
  counts: CaseCounts;
}

/** A scenario's `<testcase>` element, indented to its place, and what the frame around it needs. */
export function toJunitCase(scenario: ScenarioResult): JunitCase & { text: string } {
  return {
    file: scenario.file,
    durationMs: scenario.durationMs,
    counts: countCases([scenario]),
    text: toTestCase(scenario).join('\n'),
  };
}

/**
 * `junit.xml`'s lines in order, each case's `<testcase>` given by `caseText` (as `toJunitCase` renders it):
 * the totals, then a `<testsuite>` per file in the order files first appear, each holding its cases in order.
 */
export function toJunitFrame<Case extends JunitCase, Text>({
  summary,
  cases,
  caseText,
}: {
  summary: RunSummary;
  cases: readonly Case[];
  caseText: (junitCase: Case) => Text;
}): Array<string | Text> {
  const files = new Map<string, Case[]>();
  for (const junitCase of cases) files.set(junitCase.file, [...(files.get(junitCase.file) ?? []), junitCase]);
  const totals = sumCounts(cases.map(({ counts }) => counts));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolloop-eval" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${toSeconds(summary.durationMs)}">`,
    ...[...files].flatMap(([file, suiteCases]) => {
      const counts = sumCounts(suiteCases.map((suiteCase) => suiteCase.counts));
      const durationMs = suiteCases.reduce((sum, suiteCase) => sum + suiteCase.durationMs, 0);
      return [
        `  <testsuite name="${attribute(file)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${toSeconds(durationMs)}">`,
        ...suiteCases.map(caseText),
        '  </testsuite>',
      ];
    }),
    '</testsuites>',
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
  if (scenario.source !== undefined) properties.push(['source', scenario.source]);
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
  if (scenario.judgeTokens) {
    properties.push(
      ['judgeInputTokens', String(scenario.judgeTokens.input)],
      ['judgeOutputTokens', String(scenario.judgeTokens.output)],
    );
  }
  if (scenario.judgeCost !== undefined) properties.push(['judgeCost', String(scenario.judgeCost)]);
  if (scenario.simulatedUserTokens) {
    properties.push(
      ['simulatedUserInputTokens', String(scenario.simulatedUserTokens.input)],
      ['simulatedUserOutputTokens', String(scenario.simulatedUserTokens.output)],
    );
  }
  if (scenario.simulatedUserCost !== undefined)
    properties.push(['simulatedUserCost', String(scenario.simulatedUserCost)]);
  for (const [index, turn] of scenario.turns.entries()) {
    if (turn.goal !== undefined) properties.push([`turn${index + 1}GoalReached`, String(turn.goal.passed)]);
    if (turn.judge?.score !== undefined) {
      properties.push([`turn${index + 1}JudgeScore`, `${turn.judge.score}/${turn.judge.scale.max}`]);
    }
    if (turn.honesty !== undefined) properties.push([`turn${index + 1}Honest`, String(turn.honesty.passed)]);
  }
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

interface CaseCounts {
  tests: number;
  errors: number;
  failures: number;
  skipped: number;
}

function countCases(scenarios: ScenarioResult[]): CaseCounts {
  return {
    tests: scenarios.length,
    errors: scenarios.filter((scenario) => scenario.error !== undefined).length,
    failures: scenarios.filter((scenario) => scenario.status === 'failed' && scenario.error === undefined)
      .length,
    skipped: scenarios.filter((scenario) => scenario.status === 'skipped').length,
  };
}

function sumCounts(counts: readonly CaseCounts[]): CaseCounts {
  return {
    tests: counts.reduce((sum, count) => sum + count.tests, 0),
    errors: counts.reduce((sum, count) => sum + count.errors, 0),
    failures: counts.reduce((sum, count) => sum + count.failures, 0),
    skipped: counts.reduce((sum, count) => sum + count.skipped, 0),
  };
}

function attribute(text: string): string {
  return escapeXml(text, { attribute: true });
}

function toSeconds(durationMs: number): string {
  return (durationMs / 1000).toFixed(3);
}
