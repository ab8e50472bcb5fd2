import { join } from 'node:path';
import { loadConfigFile, runScenarios } from '@toolloop/eval';
import { describe, expect, it } from 'vitest';

const projectDirectory = join(import.meta.dirname, '..');

/**
 * Runs the whole suite, as toolloop.config.ts sets it up, against another agent module, and returns the exit
 * code and each failed scenario's failures: the field (turn and expectation), and what was expected and found.
 */
async function runSuiteAgainst(agent: string) {
  const config = await loadConfigFile(join(projectDirectory, 'toolloop.config.ts'));
  const { report, exitCode } = await runScenarios({
    cwd: projectDirectory,
    paths: config.scenarios ?? ['scenarios/'],
    defaults: { ...config.defaults, agent },
  });
  const failed = report.scenarios.filter((scenario) => scenario.status !== 'passed');
  return {
    exitCode,
    failures: Object.fromEntries(
      failed.map((scenario) => [
        scenario.name,
        scenario.failures.map(({ path, expected, actual }) => ({ path, expected, actual })),
      ]),
    ),
  };
}

// Each fixture is the assistant with one deliberate regression; the suite must fail where it shows.
describe('the scenario suite catches a broken assistant', () => {
  it('a request_refund that pays at once: the scenarios that refund fail at turn 0, where the quote was', async () => {
    const { exitCode, failures } = await runSuiteAgainst('test/fixtures/refunds-at-once-agent.ts');

    expect(exitCode).toBe(1);
    expect(failures).toEqual({
      'refund in two steps, paid only after the customer confirms': [
        {
          path: 'turns[0].expect.requests.at[1].lastMessage.contains',
          expected: '"quoteId":"RQ-A-1002-1850"',
          actual:
            '{"refundId":"RF-A-1002-1850","orderId":"A-1002","amount":18.5,"currency":"EUR","status":"refunded"}',
        },
        {
          path: 'turns[0].expect.requests.at[2].lastMessage.contains',
          expected: '"nextStep":"This quote pays nothing.',
          actual:
            '{"refundId":"RF-A-1002-1850","orderId":"A-1002","amount":18.5,"currency":"EUR","status":"refunded"}',
        },
      ],
      "a large refund waits for a supervisor's approval": [
        {
          path: 'turns[0].expect.requests.at[0].lastMessage.contains',
          expected: '"quoteId":"RQ-A-1004-24900"',
          actual:
            '{"refundId":"RF-A-1004-24900","orderId":"A-1004","amount":249,"currency":"EUR","status":"refunded"}',
        },
      ],
      'the payments service is down and no refund is promised': [
        {
          path: 'turns[0].expect.requests.at[0].lastMessage.contains',
          expected: '"quoteId":"RQ-A-1008-8900"',
          actual:
            '{"refundId":"RF-A-1008-8900","orderId":"A-1008","amount":89,"currency":"EUR","status":"refunded"}',
        },
      ],
    });
  });

  it('a system prompt that lost the confirmation rule: the two-step refund fails at turn 0, request 0', async () => {
    const { exitCode, failures } = await runSuiteAgainst(
      'test/fixtures/prompt-without-confirmation-agent.ts',
    );

    expect(exitCode).toBe(1);
    expect(Object.keys(failures)).toEqual(['refund in two steps, paid only after the customer confirms']);
    const [failure, ...others] = failures['refund in two steps, paid only after the customer confirms'] ?? [];
    expect({ others, path: failure?.path, expected: failure?.expected }).toEqual({
      others: [],
      path: 'turns[0].expect.requests.at[0].system.contains',
      expected: 'Only once they have said yes, in a later message, call confirm_refund',
    });
    expect(failure?.actual).toContain('- To refund, call request_refund and then confirm_refund.\n');
  });

  it('a round cap lowered from four to three: the round-cap scenario fails on rounds, requests and answer', async () => {
    const { exitCode, failures } = await runSuiteAgainst('test/fixtures/three-rounds-agent.ts');

    expect(exitCode).toBe(1);
    expect(Object.keys(failures)).toEqual(['the round cap stops a long lookup and still answers']);
    expect(failures['the round cap stops a long lookup and still answers']?.slice(0, 4)).toEqual([
      { path: 'turns[0].expect.rounds', expected: 4, actual: 3 },
      { path: 'turns[0].expect.iterations', expected: 5, actual: 4 },
      { path: 'turns[0].expect.text.contains', expected: 'could not check A-1007', actual: '' },
      { path: 'turns[0].expect.requests.count', expected: 5, actual: 4 },
    ]);
  });
});
