import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Reporter } from '../src/report/reporter.js';
import { runScenarios } from '../src/run/run-scenarios.js';
import { ScenarioFileError } from '../src/scenario/scenario-file-error.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const names = (report: { scenarios: Array<{ name: string }> }) =>
  report.scenarios.map((scenario) => scenario.name).sort();

describe('runScenarios', () => {
  it('runs a passing suite: exit code 0, skipped scenarios reported as skipped', async () => {
    const { report, exitCode } = await runScenarios({ paths: ['passing'], cwd: fixtures });

    expect(exitCode).toBe(0);
    expect(report.summary).toMatchObject({ total: 4, passed: 3, failed: 0, skipped: 1 });
    expect(report.scenarios.find((scenario) => scenario.name === 'echo once')).toMatchObject({
      file: 'passing/echo.yaml',
      status: 'passed',
      turns: [{ stopReason: 'completed', rounds: 1, iterations: 2, text: 'It said echoed.' }],
      failures: [],
    });
  });

  it('a failing expectation names its field, with what was expected and what happened: exit code 1', async () => {
    const { report, exitCode } = await runScenarios({
      paths: ['failing/wrong-expectations.yaml'],
      cwd: fixtures,
    });

    expect(exitCode).toBe(1);
    expect(report.scenarios[0]?.failures).toEqual([
      { path: 'turns[0].expect.rounds', message: 'expected rounds to be 2, got 0', expected: 2, actual: 0 },
      {
        path: 'turns[0].expect.text.contains',
        message: 'expected the answer to contain "Goodbye"',
        expected: 'Goodbye',
        actual: 'Hello there.',
      },
    ]);
  });

  it('a request after the script ran out fails the scenario, naming the request, and nothing hangs', async () => {
    const { report } = await runScenarios({ paths: ['failing/script-runs-out.yaml'], cwd: fixtures });
    const failures = report.scenarios[0]?.failures ?? [];

    expect(failures[0]).toMatchObject({
      path: 'turns[0].expect.stopReason',
      expected: 'completed',
      actual: 'model_error',
    });
    expect(failures).toContainEqual(
      expect.objectContaining({
        path: 'turns[0].llm[1]',
        actual: 'script-exhausted',
        message: expect.stringMatching(/^request #2 to the fake LLM: .*script runs out/) as string,
      }),
    );
  });

  it('invalid files stop everything before it starts, with file:line:column for each problem', async () => {
    let started = false;
    const spy: Reporter = { onRunStart: () => void (started = true) };
    const run = runScenarios({ paths: ['invalid', 'passing'], cwd: fixtures, reporters: [spy] });

    const error = await run.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!ScenarioFileError.isInstance(error)) throw new Error('expected a ScenarioFileError');
    expect(error.issues.map((issue) => `${issue.file}:${issue.line}:${issue.column} ${issue.path}`)).toEqual([
      expect.stringMatching(/^invalid\/bad-yaml\.yaml:\d+:\d+ \(root\)$/) as string,
      'invalid/typo.yaml:7:7 turns[0].expect.stopReasn',
    ]);
    expect(started).toBe(false);
  });

  it('a path that matches nothing is invalid input, not an empty green run', async () => {
    await expect(runScenarios({ paths: ['no-such-dir/'], cwd: fixtures })).rejects.toThrow(
      'no-such-dir/ (root): no scenario file matches this path',
    );
  });

  it('a server that cannot start is a runner error for that scenario: exit code 2', async () => {
    const { report, exitCode } = await runScenarios({ paths: ['broken-server'], cwd: fixtures });

    expect(exitCode).toBe(2);
    expect(report.scenarios[0]?.error?.message).toMatch(
      /^MCP server 'ghost' \(command '\/nonexistent\/toolloop-mcp-server'\) failed to start/,
    );
  });

  it('--shard 1/2 and 2/2 together run each scenario exactly once', async () => {
    const first = await runScenarios({
      paths: ['passing', 'failing'],
      cwd: fixtures,
      shard: { index: 1, count: 2 },
    });
    const second = await runScenarios({
      paths: ['passing', 'failing'],
      cwd: fixtures,
      shard: { index: 2, count: 2 },
    });
    const all = await runScenarios({ paths: ['passing', 'failing'], cwd: fixtures });

    expect([...names(first.report), ...names(second.report)].sort()).toEqual(names(all.report));
    expect(names(first.report).filter((name) => names(second.report).includes(name))).toEqual([]);
    expect(Math.abs(first.report.summary.total - second.report.summary.total)).toBeLessThanOrEqual(1);
  });

  it('--repeat 3 reports the pass rate of each scenario', async () => {
    const { report } = await runScenarios({
      paths: ['passing/plain.yaml', 'failing/wrong-expectations.yaml'],
      cwd: fixtures,
      repeat: 3,
    });

    expect(report.scenarios.map((scenario) => [scenario.name, scenario.status, scenario.repeat])).toEqual([
      ['wrong expectations', 'failed', { runs: 3, passed: 0, passRate: 0, flaky: false }],
      ['plain answer', 'passed', { runs: 3, passed: 3, passRate: 1, flaky: false }],
    ]);
  });

  it('--bail starts nothing after the first failure; what did not run is skipped', async () => {
    const { report } = await runScenarios({
      paths: ['failing', 'passing'],
      cwd: fixtures,
      bail: true,
      concurrency: 1,
    });

    expect(report.scenarios.filter((scenario) => scenario.status === 'failed')).toHaveLength(1);
    expect(report.summary.passed).toBe(0);
    expect(report.summary.skipped).toBe(report.summary.total - 1);
  });

  it('--filter and --tag choose scenarios by name and tag', async () => {
    const byText = await runScenarios({ paths: ['passing'], cwd: fixtures, filter: 'echo' });
    const byRegex = await runScenarios({ paths: ['passing'], cwd: fixtures, filter: '/^(plain|two)/' });
    const byTag = await runScenarios({ paths: ['passing'], cwd: fixtures, tags: ['smoke'] });

    expect(names(byText.report)).toEqual(['echo once']);
    expect(names(byRegex.report)).toEqual(['plain answer', 'two turns']);
    expect(names(byTag.report)).toEqual(['echo once', 'plain answer']);
  });

  it('tells reporters about every scenario, then the whole report', async () => {
    const calls: string[] = [];
    const reporter: Reporter = {
      onRunStart: ({ total }) => void calls.push(`start ${total}`),
      onScenarioStart: ({ name }) => void calls.push(`begin ${name}`),
      onScenarioEnd: ({ name, status }) => void calls.push(`end ${name} ${status}`),
      onRunEnd: ({ summary }) => void calls.push(`done ${summary.passed}/${summary.total}`),
    };
    await runScenarios({ paths: ['passing'], cwd: fixtures, reporters: [reporter], concurrency: 1 });

    expect(calls).toEqual([
      'start 3',
      'begin echo once',
      'end echo once passed',
      'begin plain answer',
      'end plain answer passed',
      'begin two turns',
      'end two turns passed',
      'end skipped one skipped',
      'done 3/4',
    ]);
  });
});
