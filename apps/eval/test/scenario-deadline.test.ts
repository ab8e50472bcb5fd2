import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarios } from '../src/run/run-scenarios.js';
import { runCli } from './support/run-cli.js';

const fixtures = join(import.meta.dirname, 'fixtures');

describe('a scenario that outlives its deadline', () => {
  it('fails naming the turn it was in, and the run goes on to the next scenario', async () => {
    const startedAt = performance.now();
    const { report, exitCode } = await runScenarios({
      paths: ['deadline/second-turn-hangs.yaml', 'deadline/answers.yaml'],
      cwd: fixtures,
      concurrency: 1,
      scenarioTimeoutMs: 1_000,
    });

    expect(exitCode).toBe(1);
    const hung = report.scenarios.find((scenario) => scenario.name === 'the second turn hangs');
    expect(hung).toMatchObject({
      status: 'failed',
      turns: [{ user: 'Hello.', stopReason: 'completed' }],
      failures: [
        {
          path: 'turns[1]',
          message:
            "the scenario did not end within 1 s (scenarioTimeoutMs) and was stopped in turn 2 ('And now?')",
        },
      ],
    });
    expect(hung?.error).toBeUndefined();
    expect(report.scenarios.find((scenario) => scenario.name === 'answers at once')?.status).toBe('passed');
    // The deadline, not the turn's own ten minutes: a generous bound for a loaded machine.
    expect(performance.now() - startedAt).toBeLessThan(30_000);
  });

  it('ends a turn that ignores its signal: the result comes back at the deadline all the same', async () => {
    const { report } = await runScenarios({
      paths: ['deadline/stuck-agent.yaml'],
      cwd: fixtures,
      scenarioTimeoutMs: 500,
    });

    expect(report.scenarios[0]).toMatchObject({
      status: 'failed',
      turns: [],
      failures: [
        {
          path: 'turns[0]',
          message:
            "the scenario did not end within 0.5 s (scenarioTimeoutMs) and was stopped in turn 1 ('Hello.')",
        },
      ],
    });
  });

  it('without scenarioTimeoutMs, a turn gets its own timeoutMs and a margin, and the failure says so', async () => {
    const { report } = await runScenarios({ paths: ['deadline/stuck-system.yaml'], cwd: fixtures });

    expect(report.scenarios[0]?.failures).toEqual([
      {
        path: 'turns[0]',
        message:
          "turn 1 ('Hello.') did not end within 5.2 s (its own timeouts and a margin; scenarioTimeoutMs sets one for the whole scenario), and the scenario was stopped",
        expected: 5_200,
        actual: expect.any(Number) as number,
      },
    ]);
  });

  it('a response another scenario leaves open does not hold this one: each waits for its own streams', async () => {
    const { report } = await runScenarios({
      paths: ['deadline/leaks-a-stream.yaml', 'deadline/answers-later.yaml'],
      cwd: fixtures,
      concurrency: 2,
      scenarioTimeoutMs: 3_000,
    });

    expect(report.scenarios.find((scenario) => scenario.name === 'answers a little later')).toMatchObject({
      status: 'passed',
      failures: [],
    });
    expect(
      report.scenarios.find((scenario) => scenario.name === 'an adapter that leaves its stream open')
        ?.failures,
    ).toEqual([
      expect.objectContaining({
        path: 'turns[0]',
        message:
          "the scenario did not end within 3 s (scenarioTimeoutMs) and was stopped in turn 1 ('Hello.')",
      }),
    ]);
  });

  it('a deadline longer than a timer can wait is refused, from code, the command line and the config alike', async () => {
    const tooLong = 2_147_483_648;

    await expect(
      runScenarios({ paths: ['deadline/answers.yaml'], cwd: fixtures, scenarioTimeoutMs: tooLong }),
    ).rejects.toThrow(
      "Invalid option 'scenarioTimeoutMs': expected a whole number of milliseconds from 1 to 2147483647 (about 24.8 days: Node.js timers wait no longer), got 2147483648.",
    );
    const cli = await runCli(fixtures, 'run', 'deadline/answers.yaml', '--scenario-timeout', String(tooLong));
    expect(cli.exitCode).toBe(2);
    expect(cli.stderr).toContain(
      "option '--scenario-timeout <ms>' argument '2147483648' is invalid. expected a whole number of milliseconds from 1 to 2147483647",
    );
    const config = await runCli(
      fixtures,
      'run',
      'deadline/answers.yaml',
      '--config',
      'deadline-config/toolloop.config.json',
    );
    expect(config.exitCode).toBe(2);
    expect(config.stderr).toContain(
      'deadline-config/toolloop.config.json:2:24 scenarioTimeoutMs: At most 2147483647 ms',
    );
  });
});
