import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createJsonReporter } from '../src/report/json/create-json-reporter.js';
import type { Reporter } from '../src/report/reporter.js';
import { runScenarios } from '../src/run/run-scenarios.js';
import { EmptySelectionError } from '../src/scenario/empty-selection-error.js';
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

  it('resolves relative paths against the working directory by default, and against `cwd` when given', async () => {
    vi.spyOn(process, 'cwd').mockReturnValue(join(fixtures, 'passing'));

    const fromWorkingDirectory = await runScenarios({ paths: ['plain.yaml'] });
    const fromCwd = await runScenarios({ paths: ['passing/plain.yaml'], cwd: fixtures });

    expect(fromWorkingDirectory.report.scenarios.map((scenario) => scenario.file)).toEqual(['plain.yaml']);
    expect(fromCwd.report.scenarios.map((scenario) => scenario.file)).toEqual(['passing/plain.yaml']);
  });

  it('selecting no scenario rejects with an EmptySelectionError, unless passWithNoScenarios', async () => {
    const empty = runScenarios({ paths: ['passing'], cwd: fixtures, tags: ['nope'] });

    await expect(empty).rejects.toSatisfy((error) => EmptySelectionError.isInstance(error));
    await expect(empty).rejects.toThrow("none of the 4 scenarios found has the tag 'nope'");
    expect(
      await runScenarios({ paths: ['passing'], cwd: fixtures, tags: ['nope'], passWithNoScenarios: true }),
    ).toMatchObject({ exitCode: 0, report: { summary: { total: 0 } } });
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

  it('a call the loop answered without running fails an expectation that it ran (executed)', async () => {
    const { exitCode, report } = await runScenarios({
      paths: ['failing/refused-call-expected-to-run.yaml'],
      cwd: fixtures,
    });

    expect(exitCode).toBe(1);
    expect(report.scenarios[0]?.failures).toMatchObject([
      {
        path: 'turns[0].expect.toolCalls.calls[1]',
        message: "expected tool call #2 'add_note' to run",
      },
    ]);
  });

  it('a regular expression that backtracks without end fails its expectation after a time budget, never hangs the run', async () => {
    const { report, exitCode } = await runScenarios({ paths: ['regex/catastrophic.yaml'], cwd: fixtures });

    expect(exitCode).toBe(1);
    expect(report.scenarios[0]?.failures).toEqual([
      {
        path: 'turns[0].expect.text.matches',
        message:
          'gave up matching the answer against /^(a+)+$/ after 1000 ms: the expression backtracks too much (nested quantifiers such as (a+)+ do); simplify it',
        expected: '^(a+)+$',
        actual: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab',
      },
    ]);
    expect(report.scenarios[0]?.durationMs).toBeLessThan(10_000);
  });

  it('all the regular expressions of a scenario share one time budget: once it is spent, the rest are not tried', async () => {
    const { report } = await runScenarios({ paths: ['regex/many-catastrophic.yaml'], cwd: fixtures });

    expect(report.scenarios[0]?.failures.map((failure) => [failure.path, failure.message])).toEqual([
      [
        'turns[0].expect.text.matches',
        'gave up matching the answer against /^(a+)+$/ after 1000 ms: the expression backtracks too much (nested quantifiers such as (a+)+ do); simplify it',
      ],
      [
        'turns[1].expect.text.matches',
        "did not try to match the answer against /^(a+)+$/: the scenario's 1000 ms for regular expressions were spent by one that backtracks too much",
      ],
      [
        'turns[2].expect.text.matches',
        "did not try to match the answer against /^(a+)+$/: the scenario's 1000 ms for regular expressions were spent by one that backtracks too much",
      ],
    ]);
  });

  it('elicitation: a request the turn has no answer for, an answer nobody asked for, and a wrong expectation fail', async () => {
    const { exitCode, report } = await runScenarios({
      paths: ['failing/elicitation-mismatches.yaml'],
      cwd: fixtures,
    });

    expect(exitCode).toBe(1);
    expect(report.scenarios[0]?.failures.map((failure) => [failure.path, failure.message])).toEqual([
      [
        'turns[0].elicit',
        'server \'bookings\' asked the user for input ("How many guests?") but the turn has no elicit answer left; it was told cancel',
      ],
      ['turns[0].expect.elicitations[0]', 'elicitation #1 differs from the expected one'],
      ['turns[1].elicit', '1 elicit answer was not used: the servers asked 1 time'],
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
      `no-such-dir/ (root): nothing is at ${join(fixtures, 'no-such-dir')}; relative paths start from the working directory, ${fixtures}.`,
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
      [
        'wrong expectations',
        'failed',
        { runs: 3, passed: 0, passRate: 0, passAtK: false, passAllK: false, flaky: false, minPassRate: 1 },
      ],
      [
        'plain answer',
        'passed',
        { runs: 3, passed: 3, passRate: 1, passAtK: true, passAllK: true, flaky: false, minPassRate: 1 },
      ],
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

  it('with keepResults false, reporters get each result and its place; the report keeps the summary alone', async () => {
    const ended: Array<{ name: string; order: number }> = [];
    const collector: Reporter = {
      onScenarioEnd: ({ name }, place) => void ended.push({ name, order: place?.order ?? -1 }),
    };
    const options = { paths: ['failing', 'passing'], cwd: fixtures, concurrency: 2 };
    const kept = await runScenarios(options);

    const streamed = await runScenarios({ ...options, reporters: [collector], keepResults: false });

    expect(streamed.report.scenarios).toEqual([]);
    expect({ ...streamed.report.summary, durationMs: 0 }).toEqual({ ...kept.report.summary, durationMs: 0 });
    expect(streamed.exitCode).toBe(kept.exitCode);
    expect(ended.sort((left, right) => left.order - right.order).map(({ name }) => name)).toEqual(
      kept.report.scenarios.map(({ name }) => name),
    );
  });

  it('a bail between the repeats of a scenario reports the runs it had, to reporters too', async () => {
    const ended: string[] = [];
    const { report } = await runScenarios({
      paths: ['failing/wrong-expectations.yaml', 'passing/plain.yaml'],
      cwd: fixtures,
      bail: true,
      repeat: 3,
      concurrency: 1,
      reporters: [{ onScenarioEnd: ({ name, status }) => void ended.push(`${name} ${status}`) }],
    });

    expect(report.scenarios.map(({ name, status }) => [name, status])).toEqual([
      ['wrong expectations', 'failed'],
      ['plain answer', 'skipped'],
    ]);
    expect(ended).toEqual(report.scenarios.map(({ name, status }) => `${name} ${status}`));
  });

  it('closes every reporter when the run fails, so no file reporter leaves its temporary file', async () => {
    const closed: string[] = [];
    const failing: Reporter = {
      onRunEnd: () => {
        throw new Error('the reporter broke');
      },
      close: () => void closed.push('failing'),
    };
    const json = createJsonReporter();
    const closeJson = json.close?.bind(json);
    json.close = async () => {
      closed.push('json');
      await closeJson?.();
    };

    await expect(
      runScenarios({
        paths: ['passing'],
        cwd: fixtures,
        reporters: [failing, json],
        outDir: join(fixtures, 'never'),
      }),
    ).rejects.toThrow('the reporter broke');

    expect(closed).toEqual(['failing', 'json']);
  });
});
