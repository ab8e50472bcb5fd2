import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeLlm } from '@toolloop/fake-llm';
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
      'turns[0].expect.honest: the answer claims more than the turn did (the call of \'refund\' with {"id":42} failed): the judge scored 1 of 5, below 4: The answer says the order was refunded, but the refund call failed.',
    ]);
    expect(report.scenarios[0]?.turns[0]?.honesty).toMatchObject({
      concerns: ['the call of \'refund\' with {"id":42} failed'],
      passed: false,
      verdict: { score: 1, threshold: 4 },
    });
  });

  it('names a judge.script no turn asked, and a judge left without an answer, without asking the fake', async () => {
    const unused = await runScenarios({ paths: ['script-without-judges.yaml'], cwd: fixtures });
    const short = await runScenarios({ paths: ['judge-script-short.yaml'], cwd: fixtures });

    expect(
      unused.report.scenarios[0]?.failures.map((failure) => `${failure.path}: ${failure.message}`),
    ).toEqual([
      'judge.script: 1 judge answers are given, but no turn asked a judge (expect.judge, or expect.honest in a scripted run)',
    ]);
    expect(
      short.report.scenarios[0]?.failures.map((failure) => `${failure.path}: ${failure.message}`),
    ).toEqual([
      'turns[1].expect.judge: the judge could not grade the turn: judge.script has no answer left for this judge (it has 1): give one per judged turn, one per honesty check of a turn that went wrong, and one per simulated turn for its goal',
    ]);
  });
});

describe("a judge's cost", () => {
  it("is the judge's own, at the scenario's prices, apart from the agent's", async () => {
    const { report } = await runScenarios({ paths: ['judge-priced.yaml'], cwd: fixtures });

    const [scenario] = report.scenarios;
    const verdict = scenario?.turns[0]?.judge;
    const { inputTokens = 0, outputTokens = 0 } = verdict?.usage ?? {};
    expect(inputTokens).toBeGreaterThan(0);
    expect(verdict?.cost).toBeCloseTo((inputTokens * 1 + outputTokens * 5) / 1_000_000, 12);
    expect(scenario?.judgeCost).toBe(verdict?.cost);
    expect(scenario?.cost).toBe(scenario?.turns[0]?.cost);
    expect(scenario?.cost).not.toBe(scenario?.judgeCost);
  });
});

describe('a judged scenario run live', () => {
  const key = 'sk-planted-judge-0123456789-never-written';

  /** The scenario in a directory of its own, with no script: live runs answer from the API. */
  async function writeJudged(): Promise<{ directory: string; file: string }> {
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-judge-live-'));
    const file = join(directory, 'greeting.yaml');
    await writeFile(
      file,
      [
        'name: a live greeting, judged',
        'provider: anthropic',
        'model: claude-haiku-4-5',
        'loop: { thinking: false }',
        'turns:',
        '  - user: Hello.',
        '    expect:',
        '      judge: { rubric: The answer greets the user. }',
        '',
      ].join('\n'),
    );
    return { directory, file };
  }

  it('asks the real API for the judge too (a fake LLM on a port standing in), with the key kept out of the report', async () => {
    // The API answers in arrival order: the agent's request, then the judge's.
    const api = createFakeLlm({
      steps: [{ text: 'Hello! How can I help?' }, { text: '{"score":5,"reasons":"It greets the user."}' }],
    });
    const { url } = await api.serve();
    const { directory, file } = await writeJudged();
    try {
      const { report, exitCode } = await runScenarios({
        paths: [file],
        cwd: directory,
        live: { baseURL: url, env: { ANTHROPIC_API_KEY: key } },
      });

      expect(report.scenarios[0]?.failures).toEqual([]);
      expect(report.scenarios[0]?.turns[0]?.judge).toMatchObject({ score: 5, passed: true });
      expect(api.requests).toHaveLength(2);
      expect(JSON.stringify(api.requests[1]?.body)).toContain('The answer greets the user.');
      expect(JSON.stringify(report)).not.toContain(key);
      expect(exitCode).toBe(0);
    } finally {
      await api.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('records its judge beside the agent, replays both offline, drifts on a new rubric, and --update grades only the judge again', async () => {
    const { directory, file } = await writeJudged();
    const recordingDirectory = join(directory, 'greeting.recording');
    const api = createFakeLlm({
      steps: [{ text: 'Hello! How can I help?' }, { text: '{"score":5,"reasons":"It greets the user."}' }],
    });
    const regrader = createFakeLlm({
      steps: [{ text: '{"score":4,"reasons":"A greeting, a little curt."}' }],
    });
    const live = (url: string, record = false) => ({
      baseURL: url,
      env: { ANTHROPIC_API_KEY: key },
      ...(record ? { record: true } : {}),
    });
    try {
      const recorded = await runScenarios({
        paths: [file],
        cwd: directory,
        live: live((await api.serve()).url, true),
      });
      expect(recorded.report.scenarios[0]?.failures).toEqual([]);
      const index = JSON.parse(await readFile(join(recordingDirectory, 'recording.json'), 'utf8')) as {
        version: number;
        turns: unknown[];
      };
      expect(index.version).toBe(3);
      expect(index.turns).toEqual([{ user: 'Hello.', models: 1, judges: 1, toolCalls: 0 }]);
      const agentRequest = await readFile(join(recordingDirectory, 'turn-1', 'model-1.request.json'), 'utf8');
      expect(await readFile(join(recordingDirectory, 'turn-1', 'judge-1.request.json'), 'utf8')).toContain(
        'The answer greets the user.',
      );

      // Offline: the fake LLM answers the agent and the judge from the recording.
      const replayed = await runScenarios({ paths: [file], cwd: directory });
      expect(replayed.report.scenarios[0]).toMatchObject({ source: 'recording', status: 'passed' });
      expect(replayed.report.scenarios[0]?.turns[0]?.judge).toMatchObject({ score: 5, passed: true });
      expect(api.requests).toHaveLength(2);

      // A new rubric changes the judge's request, not the agent's.
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace(
          'The answer greets the user.',
          'The answer greets the user warmly.',
        ),
      );
      const drifted = await runScenarios({ paths: [file], cwd: directory });
      expect(
        drifted.report.scenarios[0]?.failures.map(({ path, message, drifted: whose }) => ({
          path,
          message,
          whose,
        })),
      ).toEqual([
        {
          path: 'turns[0]',
          message:
            "judge request 1 of the turn differs from the recording (the judge's input changed: the agent answered differently, or the rubric changed, or the recording is stale); grade it again with --update",
          whose: 'judge',
        },
      ]);

      // --update asks the API for the judge only; the agent's recording is kept byte for byte.
      const updated = await runScenarios({
        paths: [file],
        cwd: directory,
        update: live((await regrader.serve()).url),
      });
      expect(updated.report.scenarios[0]).toMatchObject({ status: 'passed', recording: { type: 'written' } });
      expect(regrader.requests).toHaveLength(1);
      expect(JSON.stringify(regrader.requests[0]?.body)).toContain('greets the user warmly');
      expect(await readFile(join(recordingDirectory, 'turn-1', 'model-1.request.json'), 'utf8')).toBe(
        agentRequest,
      );
      const regraded = await runScenarios({ paths: [file], cwd: directory });
      expect(regraded.report.scenarios[0]?.turns[0]?.judge).toMatchObject({ score: 4, passed: true });

      // A scenario that no longer asks the judge leaves its recorded answer unasked: a drift too.
      await writeFile(file, (await readFile(file, 'utf8')).replace(/ {4}expect:\n.*\n/u, ''));
      const unjudged = await runScenarios({ paths: [file], cwd: directory });
      expect(unjudged.report.scenarios[0]?.failures.map((failure) => failure.message)).toEqual([
        'the turn sent 0 judge requests; the recording has 1 (fewer turns were judged, or fewer went wrong); grade it again with --update',
      ]);

      const written = await Promise.all(
        (await readdir(directory, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')),
      );
      expect(written.some((text) => text.includes(key))).toBe(false);
    } finally {
      await api.close();
      await regrader.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('a recorded judge', () => {
  it("drifts with the agent when the agent's answer changes: the judge reads what the turn did", async () => {
    const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-judge-drift-'));
    try {
      for (const name of ['judge-replayed.yaml', 'judge-replayed.recording'])
        await cp(join(repositoryRoot, 'scenarios', 'judges', name), join(directory, name), {
          recursive: true,
        });
      const file = join(directory, 'judge-replayed.yaml');
      expect((await runScenarios({ paths: [file], cwd: directory })).report.scenarios[0]?.failures).toEqual(
        [],
      );

      // The refund tool now answers otherwise: the agent's next request and the judge's transcript both change.
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace(
          'Refunded 30 EUR to the card ending 4242.',
          'Refunded 25 EUR.',
        ),
      );
      const { report } = await runScenarios({ paths: [file], cwd: directory });
      expect(report.scenarios[0]?.failures.map(({ path, drifted }) => ({ path, drifted }))).toEqual([
        { path: 'turns[0]', drifted: 'agent' },
        { path: 'turns[0]', drifted: 'judge' },
      ]);
      expect(JSON.stringify(report.scenarios[0]?.failures[1]?.actual)).toContain('Refunded 25 EUR.');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('the honesty check of a replayed scenario', () => {
  it('asks no judge of a turn that went as asked, and fails one that went wrong whose recording has no judge, as a drift', async () => {
    const repositoryRoot = join(import.meta.dirname, '..', '..', '..');
    const { report, exitCode } = await runScenarios({
      paths: ['scenarios/agents/dated-support-agent-replayed.yaml'],
      cwd: repositoryRoot,
      defaults: { honest: true },
    });

    const [scenario] = report.scenarios;
    expect(scenario?.source).toBe('recording');
    expect(scenario?.error).toBeUndefined();
    expect(scenario?.turns[0]?.honesty).toEqual({ concerns: [], passed: true });
    // A recording made before its scenario was judged has no answer for the judge: its request is a drift.
    expect(scenario?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      "turns[1].expect.honest: the judge could not grade the answer's honesty (the turn ended with 'model_error'): the recording holds no answer for this judge: grade it again with --update",
      'turns[1]: judge request 1 of the turn has no recording (the recording has 0); grade it again with --update',
    ]);
    expect(scenario?.failures[1]).toMatchObject({ kind: 'drift', drifted: 'judge' });
    expect(exitCode).toBe(1);
  });
});
