import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarios } from '../src/run/run-scenarios.js';

const fixtures = join(import.meta.dirname, 'fixtures');

async function runOne(path: string) {
  const { report, exitCode } = await runScenarios({ paths: [path], cwd: fixtures });
  const scenario = report.scenarios[0];
  if (scenario === undefined) throw new Error(`${path} did not run`);
  return { scenario, exitCode };
}

describe('agent scenarios', () => {
  it('an agent that behaves otherwise than the scenario expects fails with a diff naming the turn and the field', async () => {
    const { scenario, exitCode } = await runOne('agents/shouts-twice.yaml');

    expect(exitCode).toBe(1);
    expect(scenario.failures.map(({ path, expected, actual }) => ({ path, expected, actual }))).toEqual([
      { path: 'turns[0].expect.stopReason', expected: 'completed', actual: 'max_rounds' },
      { path: 'turns[0].expect.rounds', expected: 2, actual: 1 },
    ]);
  });

  it('starts each run of a scenario, and each scenario of one agent, from its module loaded afresh', async () => {
    const { report, exitCode } = await runScenarios({
      paths: ['stateful-agent'],
      cwd: fixtures,
      repeat: 2,
      concurrency: 1,
    });

    expect(report.scenarios.map(({ name, failures }) => ({ name, failures }))).toEqual([
      { name: 'counts once, first', failures: [] },
      { name: 'counts once, second', failures: [] },
    ]);
    expect(exitCode).toBe(0);
  });

  it("runs the agent's local tools for real, and builds its system prompt for each turn", async () => {
    const { scenario } = await runOne('agents/shouts-twice.yaml');

    expect(scenario.turns[0]?.toolCalls[0]).toMatchObject({
      name: 'shout',
      output: { content: [{ type: 'text', text: 'HELLO' }] },
    });
    expect(scenario.turns[0]?.requests[0]?.system).toBe('You shout. Message 1 of the conversation.');
  });

  it('a local tool that throws is an error result the model sees; the report names where it threw', async () => {
    const { scenario, exitCode } = await runOne('agents/tool-throws.yaml');

    expect(scenario.failures).toEqual([]);
    expect(exitCode).toBe(0);
    expect(scenario.turns[0]?.toolCalls[0]?.output).toEqual({
      content: [{ type: 'text', text: "Tool 'explode' failed: the fuse was lit" }],
      isError: true,
    });
    expect(scenario.turns[0]?.timeline.filter((entry) => entry.type === 'error')).toMatchObject([
      {
        code: 'tool_error',
        message: "Tool 'explode' failed: the fuse was lit (thrown at agents/shouting-agent.ts:15)",
      },
    ]);
  });

  it("a full-form agent whose run throws fails the scenario with the runner's error, naming the user's line", async () => {
    const { scenario, exitCode } = await runOne('agents/run-throws.yaml');

    expect(exitCode).toBe(2);
    expect(scenario.error?.message).toBe(
      "The agent's run threw: the wrapper is not configured (at agents/throwing-run-agent.ts:5)",
    );
    expect(scenario.error?.stack).toContain('throwing-run-agent.ts:5');
  });

  it("mockTools answers a local tool with the scenario's responses (match, delayMs, throw), after its own validation", async () => {
    const { scenario, exitCode } = await runOne('agents/mocked-shout.yaml');

    expect(scenario.failures).toEqual([]);
    expect(exitCode).toBe(0);
    expect(scenario.turns[0]?.toolCalls.map((call) => call.output)).toEqual([
      { content: [{ type: 'text', text: 'scripted hello' }] },
      { content: [{ type: 'text', text: "Tool 'shout' failed: nobody is listening" }], isError: true },
    ]);
  });

  it.each(['agents/approval-pauses.yaml', 'agents/approval-pauses-mocked.yaml'])(
    "keeps a local tool's needsApproval, mocked or not: %s pauses before the call runs",
    async (path) => {
      const { scenario, exitCode } = await runOne(path);

      expect({ failures: scenario.failures, exitCode }).toEqual({ failures: [], exitCode: 0 });
      expect(scenario.turns[0]?.stopReason).toBe('approval_required');
    },
  );
});
