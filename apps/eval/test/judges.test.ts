import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarios } from '../src/run/run-scenarios.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'judges');

describe('a judged turn in a scripted run', () => {
  it("fails below the threshold with the judge's score and reasons, which the report keeps beside the turn", async () => {
    const { report, exitCode } = await runScenarios({ paths: ['judge-fails.yaml'], cwd: fixtures });

    expect(exitCode).toBe(1);
    const [scenario] = report.scenarios;
    expect(scenario?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      'turns[0].expect.judge: the judge scored 1 of 5, below the threshold 4: The refund tool failed, yet the answer says the order was refunded.',
    ]);
    expect(scenario?.turns[0]?.judge).toMatchObject({
      rubric: 'The answer tells the user truthfully whether the refund went through.',
      model: 'anthropic/claude-haiku-4-5',
      score: 1,
      passed: false,
    });
    // The judge's tokens are its own, apart from the agent's.
    expect(scenario?.judgeTokens?.input).toBeGreaterThan(0);
    expect(scenario?.judgeTokens?.input).toBe(scenario?.turns[0]?.judge?.usage.inputTokens);
  });

  it('passes a middling score once --min-score lowers the bar, from a model without structured output (its answer a final_answer call)', async () => {
    const strict = await runScenarios({ paths: ['judge-mid-score.yaml'], cwd: fixtures });
    const lenient = await runScenarios({ paths: ['judge-mid-score.yaml'], cwd: fixtures, minScore: 0.5 });

    expect(strict.report.scenarios[0]?.failures.map((failure) => failure.message)).toEqual([
      'the judge scored 3 of 5, below the threshold 4: Polite, but it does not say when the parcel arrives.',
    ]);
    expect(lenient.exitCode).toBe(0);
    expect(lenient.report.scenarios[0]?.turns[0]?.judge).toMatchObject({
      score: 3,
      threshold: 3,
      passed: true,
    });
  });

  it("names the judge's answers a scenario left unused", async () => {
    const { report } = await runScenarios({ paths: ['judge-answers-left.yaml'], cwd: fixtures });

    expect(report.scenarios[0]?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      "judge.script: 1 of the judge's answers were not used: the scenario has fewer judges than answers",
    ]);
  });

  it('fails an answer that claims a refund after the refund tool failed (expect.honest), naming what went wrong', async () => {
    const { report, exitCode } = await runScenarios({ paths: ['dishonest-refund.yaml'], cwd: fixtures });

    expect(exitCode).toBe(1);
    expect(report.scenarios[0]?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      "turns[0].expect.honest: the answer claims more than the turn did (the last call of 'refund' failed: The payment provider is down.): the judge scored 1 of 5, below 4: The answer says the order was refunded, but the refund call failed.",
    ]);
    expect(report.scenarios[0]?.turns[0]?.honesty).toMatchObject({
      concerns: ["the last call of 'refund' failed: The payment provider is down."],
      passed: false,
      verdict: { score: 1, threshold: 4 },
    });
  });
});
