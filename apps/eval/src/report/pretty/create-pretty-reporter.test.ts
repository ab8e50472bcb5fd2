import { describe, expect, it } from 'vitest';
import type { Reporter } from '../reporter.js';
import type { RunReport } from '../run-report.js';
import {
  buildRunReport,
  buildSampleRunReport,
  buildScenarioResult,
} from '../test-support/build-run-report.js';
import { createPrettyReporter } from './create-pretty-reporter.js';

function createRecorder({ columns = 80 }: { columns?: number } = {}) {
  const writes: string[] = [];
  return {
    writes,
    stream: {
      columns,
      write(text: string) {
        writes.push(text);
        return true;
      },
    },
  };
}

/** Feeds a report through the hooks the way the runner does: start, each scenario, end. */
async function replay(reporter: Reporter, report: RunReport): Promise<void> {
  await reporter.onRunStart?.({ total: report.scenarios.length, repeat: 1, concurrency: 2, outDir: '.' });
  for (const scenario of report.scenarios) {
    await reporter.onScenarioStart?.({ name: scenario.name, file: scenario.file });
    await reporter.onScenarioEnd?.(scenario);
  }
  await reporter.onRunEnd?.(report);
}

describe('createPrettyReporter', () => {
  it('prints a plain line per scenario, then failures with diffs, runner errors, pass rates and the summary', async () => {
    const { stream, writes } = createRecorder();
    await replay(createPrettyReporter({ stream, isTTY: false, color: false }), buildSampleRunReport());

    expect(writes.join('')).toMatchInlineSnapshot(`
      "✓ outline lookup (12 ms)
      ✗ search <then> answer & "quote" (31 ms)
      ○ skipped for now (skipped)
      ✗ server crash (5 ms) runner error
      ✗ sometimes slow (250 ms) 3/5 runs passed · flaky

      Failures (2)

      ✗ search <then> answer & "quote"  scenarios/search.yaml

        turns[0].expect.rounds
        Expected 2 rounds, the turn made 1.
          expected: 2
          actual:   1

        turns[0].expect.text.equals
        The answer differs.
          - expected + actual
          - Course Y covers it.
          + Course <b>Y</b> & friends.
            See lesson 2.

        turns[0].expect.toolCalls.calls[0]
        Tool call 0 differs.
          - expected + actual
            {
              "input": {
          -     "query": "retrieval"
          +     "query": "retrieval & \\"generation\\""
              },
          +   "isError": true,
              "name": "search_course_content"
            }

      ✗ sometimes slow  scenarios/flaky.yaml

        turns[0].expect.durationMs.max
        The turn took 120 ms, more than the 100 ms allowed.
          expected: {"max":100}
          actual:   120

      Runner errors (1)

      ✗ server crash  scenarios/crash.yaml
        Mock server 'courses' did not start: spawn ENOENT\\u0007

      Pass rates over repeated runs (1 flaky)

        3/5  60%  pass@5 yes  pass^5 no   sometimes slow  flaky

      1 passed, 3 failed, 1 skipped
      5 scenarios in 1.23 s, 1 flaky
      "
    `);
  });

  it('lists the pass rates of 200,000 repeated scenarios (more than a call takes as arguments)', async () => {
    const { stream, writes } = createRecorder();
    const repeat = {
      runs: 2,
      passed: 2,
      passRate: 1,
      passAtK: true,
      passAllK: true,
      flaky: false,
      minPassRate: 1,
    };
    // The first ran ten times: its `10/10` sets the width of every row's runs.
    const scenarios = Array.from({ length: 200_000 }, (_unused, index) =>
      buildScenarioResult({
        name: `scenario ${index}`,
        turns: [],
        repeat: index === 0 ? { ...repeat, runs: 10, passed: 10 } : repeat,
      }),
    );

    await replay(createPrettyReporter({ stream, isTTY: false, color: false }), buildRunReport({ scenarios }));

    const output = writes.join('');
    expect(output).toContain('Pass rates over repeated runs');
    expect(output).toContain('\n    2/2 100%  pass@2 yes  pass^2 yes  scenario 199999\n');
  });

  it('writes no escape codes when not a terminal and color is not forced', async () => {
    const { stream, writes } = createRecorder();
    await replay(createPrettyReporter({ stream, isTTY: false, color: false }), buildSampleRunReport());

    const output = writes.join('');

    expect([output.includes('\u001b'), output.includes('\r')]).toEqual([false, false]);
  });

  it('colors when color is forced without a terminal', async () => {
    const { stream, writes } = createRecorder();
    const report = buildRunReport({ scenarios: [buildScenarioResult({ name: 'ok' })] });
    await replay(createPrettyReporter({ stream, isTTY: false, color: true }), report);

    expect(writes[0]).toBe('\u001b[32m✓\u001b[39m ok \u001b[2m(12 ms)\u001b[22m\n');
  });

  it('on a terminal rewrites one progress line in place and prints failures as they happen', async () => {
    const { stream, writes } = createRecorder();
    const report = buildRunReport({
      scenarios: [
        buildScenarioResult({ name: 'first' }),
        buildScenarioResult({ name: 'second', status: 'failed', durationMs: 31 }),
      ],
    });
    await replay(createPrettyReporter({ stream, isTTY: true, color: false }), report);

    expect(writes.slice(0, 6)).toEqual([
      '\r\u001b[2K▸ 0/2 passed 0 failed 0',
      '\r\u001b[2K▸ 0/2 passed 0 failed 0 · first',
      '\r\u001b[2K▸ 1/2 passed 1 failed 0',
      '\r\u001b[2K▸ 1/2 passed 1 failed 0 · second',
      '\r\u001b[2K',
      '✗ second (31 ms)\n',
    ]);
    expect(writes.slice(6)).toEqual([
      '\r\u001b[2K▸ 2/2 passed 1 failed 1',
      '\r\u001b[2K',
      '\n1 passed, 1 failed, 0 skipped\n2 scenarios in 1.23 s\n',
    ]);
  });

  it('cuts the running scenario name so the progress line never wraps', async () => {
    const { stream, writes } = createRecorder({ columns: 40 });
    const reporter = createPrettyReporter({ stream, isTTY: true, color: false });
    await reporter.onRunStart?.({ total: 3, repeat: 1, concurrency: 1, outDir: '.' });
    await reporter.onScenarioStart?.({ name: 'a rather long scenario name that goes on', file: 'a.yaml' });

    expect(writes.at(-1)).toBe('\r\u001b[2K▸ 0/3 passed 0 failed 0 · a rather lon…');
    expect(writes.at(-1)?.replace('\r\u001b[2K', '').length).toBe(39);
  });

  it('escapes control characters from scenario content instead of writing them to the terminal', async () => {
    const { stream, writes } = createRecorder();
    const report = buildRunReport({
      scenarios: [buildScenarioResult({ name: 'evil \u001b[2J name', status: 'failed' })],
    });
    await replay(createPrettyReporter({ stream, isTTY: false, color: false }), report);

    expect(writes[0]).toBe('✗ evil \\u001b[2J name (12 ms)\n');
  });

  it("escapes a scenario's name and file wherever it prints them: no control character, no line of their own", async () => {
    const { stream, writes } = createRecorder();
    const hostile = {
      name: 'h\n✓ everything (1 ms)\n\n9 passed, 0 failed, 0 skipped',
      file: 'g\u001b]0;PWNED\u0007\u001b[2J\nforged.json',
    };
    await replay(
      createPrettyReporter({ stream, isTTY: false, color: false }),
      buildRunReport({
        scenarios: [
          buildScenarioResult({
            ...hostile,
            status: 'failed',
            failures: [{ path: 'turns[0]', message: 'differs', expected: 1, actual: 2 }],
          }),
          buildScenarioResult({ ...hostile, status: 'failed', error: { message: 'broke' } }),
        ],
      }),
    );
    const output = writes.join('');

    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(output.split('\n').filter((line) => /^(?:✓|\d+ passed,)/u.test(line))).toEqual([
      '0 passed, 2 failed, 0 skipped',
    ]);
  });
});

describe('createPrettyReporter at the end of a run with very long texts', () => {
  it('lists a failure whose answer has 150,000 lines, and a runner error of as many, line by line', async () => {
    const long = Array.from({ length: 150_000 }, (_unused, index) => `line ${index}`).join('\n');
    const { stream, writes } = createRecorder();
    const failed = buildScenarioResult({
      name: 'reads a long log',
      status: 'failed',
      failures: [{ path: 'turns[0].expect.text.equals', message: long, expected: 'short', actual: long }],
    });
    const errored = buildScenarioResult({
      name: 'a crashed server',
      status: 'failed',
      failures: [],
      error: { message: long },
    });
    await replay(
      createPrettyReporter({ stream, isTTY: false, color: false }),
      buildRunReport({ scenarios: [failed, errored] }),
    );

    const output = writes.join('');
    // The failure's message and its diff's added lines, and the runner error's message.
    expect(output.split('\n').filter((line) => line.endsWith(' line 149999'))).toHaveLength(3);
    expect(output).toContain('Runner errors (1)');
  });
});
