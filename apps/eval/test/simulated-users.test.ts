import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { afterEach, describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../src/report/html/render-html-report.js';
import { toJsonScenario } from '../src/report/json/to-json-report.js';
import { toJunitCase } from '../src/report/junit/to-junit-xml.js';
import { createColors } from '../src/report/pretty/colors.js';
import { formatScenarioLine } from '../src/report/pretty/format-scenario-line.js';
import { runScenarios } from '../src/run/run-scenarios.js';
import { continuedTurnUser } from '../src/run/to-turn-report.js';
import { renderConversation } from '../src/side/simulated-user-prompt.js';

const key = 'sk-planted-simulated-0123456789-never-written';
const directories: string[] = [];
afterEach(async () => {
  await Promise.all(
    directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

/** A support conversation a simulated customer leads, judged on every turn and on its goal; no `llm` steps. */
async function writeConversation(): Promise<{ directory: string; file: string }> {
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-simulated-'));
  directories.push(directory);
  const file = join(directory, 'refund.yaml');
  await writeFile(
    file,
    [
      'name: a simulated customer gets a refund',
      'provider: anthropic',
      'model: claude-haiku-4-5',
      'loop: { thinking: false }',
      // Body fields name the agent's requests: the simulated user's and the judges' are compared whole.
      'redact: { bodyFields: [system] }',
      'servers:',
      '  shop:',
      '    tools:',
      '      - name: refund',
      '        inputSchema: { type: object, properties: { order: { type: integer } }, required: [order] }',
      "        responses: [{ content: [{ type: text, text: 'Refunded 30 EUR for order 42.' }] }]",
      'turns:',
      '  - simulate:',
      '      persona: A customer whose order 42 arrived broken; short-tempered.',
      '      goal: Get order 42 refunded.',
      '      until: The refund of order 42 went through, and the assistant said so.',
      '      maxTurns: 3',
      '      expectLast:',
      '        toolCalls: { calls: [{ name: refund, input: { order: 42 } }] }',
      '    expect:',
      '      stopReason: completed',
      '      judge: { rubric: The assistant is polite and asks only for what it needs. }',
      '',
    ].join('\n'),
  );
  return { directory, file };
}

const json = (value: unknown): LlmStep => ({ text: JSON.stringify(value) });
const user = (message: string) => json({ message, gaveUp: false });
const polite = json({ score: 5, reasons: 'Polite and to the point.' });

/**
 * The API's answers in the order the run asks: for each simulated turn, the simulated user's message, the agent's
 * answer, the turn's judge, then the judge of the goal.
 */
const conversation: LlmStep[] = [
  user('My order arrived broken.'),
  { text: 'Sorry to hear that! What is the order number?' },
  polite,
  json({ score: 1, reasons: 'Nothing refunded yet.' }),
  user("It's order 42."),
  { text: 'Order 42, a blender. Shall I refund it?' },
  polite,
  json({ score: 2, reasons: 'The assistant asked to confirm; no refund yet.' }),
  user('Yes, refund it.'),
  { toolCalls: [{ name: 'refund', input: { order: 42 } }] },
  { text: 'Done: 30 EUR is on its way back to your card.' },
  polite,
  json({ score: 5, reasons: 'The refund tool confirmed 30 EUR for order 42, and the assistant said so.' }),
];

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('a simulated, judged conversation', () => {
  it('is recorded live (a fake LLM on a port standing in for the API), replayed offline to the same verdicts, with no key in any file', async () => {
    const api = createFakeLlm({ steps: conversation });
    const { url } = await api.serve();
    const { directory, file } = await writeConversation();
    try {
      const recorded = await runScenarios({
        paths: [file],
        cwd: directory,
        live: { baseURL: url, env: { ANTHROPIC_API_KEY: key }, record: true },
      });
      const [live] = recorded.report.scenarios;
      expect(live?.failures).toEqual([]);
      expect(live?.turns.map((turn) => turn.user)).toEqual([
        'My order arrived broken.',
        "It's order 42.",
        'Yes, refund it.',
      ]);
      expect(live?.turns.map((turn) => turn.goal?.score)).toEqual([1, 2, 5]);
      expect(api.requests).toHaveLength(conversation.length);

      const recording = join(directory, 'refund.recording');
      const index = JSON.parse(await readFile(join(recording, 'recording.json'), 'utf8')) as {
        turns: unknown;
      };
      expect(index.turns).toEqual([
        { user: 'My order arrived broken.', models: 1, judges: 2, users: 1, toolCalls: 0 },
        { user: "It's order 42.", models: 1, judges: 2, users: 1, toolCalls: 0 },
        { user: 'Yes, refund it.', models: 2, judges: 2, users: 1, toolCalls: 0 },
      ]);

      const replayed = await runScenarios({ paths: [file], cwd: directory });
      const [offline] = replayed.report.scenarios;
      expect(offline).toMatchObject({ source: 'recording', status: 'passed' });
      expect(offline?.turns.map((turn) => [turn.user, turn.judge?.score, turn.goal?.score])).toEqual(
        live?.turns.map((turn) => [turn.user, turn.judge?.score, turn.goal?.score]),
      );
      // The simulated user's and the judges' tokens are reported apart from the agent's.
      expect(offline?.simulatedUserTokens?.input).toBeGreaterThan(0);
      expect(offline?.judgeTokens?.input).toBeGreaterThan(0);
      expect(api.requests).toHaveLength(conversation.length);

      const texts = await Promise.all((await filesUnder(directory)).map((path) => readFile(path, 'utf8')));
      expect(texts.some((text) => text.includes(key))).toBe(false);

      // A new goal rubric drifts the judges alone, but may change how long the conversation runs: --update
      // records the whole conversation again, live, not the judges alone.
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace('and the assistant said so', 'and said so'),
      );
      const rubricDrift = await runScenarios({ paths: [file], cwd: directory });
      expect(new Set(rubricDrift.report.scenarios[0]?.failures.map((failure) => failure.drifted))).toEqual(
        new Set(['judge']),
      );
      const again = createFakeLlm({ steps: conversation });
      try {
        const updated = await runScenarios({
          paths: [file],
          cwd: directory,
          update: { baseURL: (await again.serve()).url, env: { ANTHROPIC_API_KEY: key } },
        });
        expect(updated.report.scenarios[0]).toMatchObject({
          status: 'passed',
          recording: { type: 'written' },
        });
        expect(again.requests).toHaveLength(conversation.length);
      } finally {
        await again.close();
      }
      expect((await runScenarios({ paths: [file], cwd: directory })).report.scenarios[0]?.failures).toEqual(
        [],
      );

      // Another persona changes every request of the simulated user, and nothing else: the replay drifts there.
      await writeFile(file, (await readFile(file, 'utf8')).replace('short-tempered', 'patient'));
      const drifted = await runScenarios({ paths: [file], cwd: directory });
      expect(drifted.report.scenarios[0]?.failures.map((failure) => [failure.path, failure.drifted])).toEqual(
        [
          ['turns[0]', 'user'],
          ['turns[1]', 'user'],
          ['turns[2]', 'user'],
        ],
      );
      expect(drifted.report.scenarios[0]?.failures[0]?.message).toBe(
        "simulated user's request 1 of the turn differs from the recording (the conversation, the persona or the goal changed, or the recording is stale); re-record with --update",
      );
    } finally {
      await api.close();
    }
  });
});

/** A scripted simulated conversation: the user's messages from `simulate.script`, the goal's verdicts from `judge.script`. */
async function runScripted(lines: string[]) {
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-simulated-'));
  directories.push(directory);
  const file = join(directory, 'scripted.yaml');
  await writeFile(file, ['name: scripted simulation', 'provider: anthropic', ...lines, ''].join('\n'));
  return runScenarios({ paths: [file], cwd: directory });
}

describe('a scripted simulated conversation', () => {
  it('fails when the user gives up, saying why, and keeps the reply that gave up with the last turn', async () => {
    const { report } = await runScripted([
      'judge:',
      '  script: [{ score: 1, reasons: Nothing refunded. }]',
      'turns:',
      '  - simulate:',
      '      persona: A customer.',
      '      goal: A refund of order 42.',
      "      script: ['Refund order 42.', { giveUp: It keeps asking for my name. }]",
      '    llm: [{ text: What is your name? }]',
    ]);

    const [scenario] = report.scenarios;
    expect(scenario?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      'turns[0].simulate: the simulated user gave up after 1 simulated turn, without reaching the goal: It keeps asking for my name.',
    ]);
    expect(scenario?.turns[0]?.simulatedUser?.map((reply) => [reply.message, reply.gaveUp])).toEqual([
      ['Refund order 42.', false],
      ['It keeps asking for my name.', true],
    ]);
  });

  it('keeps the reply that gave up before any simulated turn with the turn before it, its tokens counted', async () => {
    const { report } = await runScripted([
      'judge:',
      '  provider: openai',
      '  model: gpt-4o-mini',
      'turns:',
      '  - user: Hello.',
      '    llm: [{ text: Hi! }]',
      '  - simulate:',
      '      persona: A customer.',
      '      goal: A refund of order 42.',
      '      script: [{ giveUp: Nobody here can help me. }]',
    ]);

    const [scenario] = report.scenarios;
    expect(scenario?.failures.map((failure) => failure.message)).toEqual([
      'the simulated user gave up before its first message, without reaching the goal: Nobody here can help me.',
    ]);
    // The judge runs on OpenAI: the simulated user keeps the scenario's provider and model.
    expect(scenario?.turns[0]?.simulatedUser).toMatchObject([
      { gaveUp: true, model: 'anthropic/claude-sonnet-4-6' },
    ]);
    expect(scenario?.simulatedUserTokens?.input).toBeGreaterThan(0);
    if (scenario === undefined) throw new Error('no scenario ran');
    expect(formatScenarioLine({ result: scenario, colors: createColors(false) })).not.toContain('simulated');
  });

  it("writes to the simulated user a turn that went on after approvals as the assistant's answer alone", () => {
    expect(
      renderConversation([
        { user: 'Refund order 42.', text: 'It needs your approval.' },
        { user: continuedTurnUser, text: 'Refunded.' },
      ]),
    ).toBe(
      'The conversation so far:\n[you] Refund order 42.\n[assistant] It needs your approval.\n[assistant] Refunded.\n\nWrite your next message.',
    );
  });

  it("fails when maxTurns run out, with the goal judge's last reasons, and names messages left unused", async () => {
    const { report } = await runScripted([
      'judge:',
      '  script: [{ score: 1, reasons: No refund. }, { score: 2, reasons: Still no refund. }]',
      'turns:',
      '  - simulate:',
      '      persona: A customer.',
      '      goal: A refund of order 42.',
      '      maxTurns: 2',
      "      script: ['Refund order 42.', 'Please.', 'Hello?']",
      '    llm: [{ text: One moment. }, { text: Still checking. }]',
    ]);

    expect(report.scenarios[0]?.failures.map((failure) => `${failure.path}: ${failure.message}`)).toEqual([
      'turns[0].simulate.maxTurns: the goal was not reached in 2 simulated turns: the judge scored the conversation 2 of 5, below 4: Still no refund.',
      "turns[0].simulate.script: 1 of the simulated user's messages were not used: the conversation ended before them",
    ]);
  });

  it("reports the simulated user's turns, tokens and the goal's verdict in every reporter, apart from the agent's", async () => {
    const { report } = await runScripted([
      'judge:',
      '  script: [{ score: 1, reasons: Not yet. }, { score: 5, reasons: Refunded. }]',
      'turns:',
      '  - simulate:',
      '      persona: A customer.',
      '      goal: A refund of order 42.',
      "      script: ['Refund order 42.', 'Yes.']",
      '    llm: [{ text: Shall I? }, { text: Done. }]',
    ]);
    const [scenario] = report.scenarios;
    if (scenario === undefined) throw new Error('no scenario ran');

    const junit = toJunitCase(scenario).text;
    expect(junit).toContain(
      `<property name="simulatedUserInputTokens" value="${scenario.simulatedUserTokens?.input}"/>`,
    );
    expect(junit).toContain('<property name="turn1GoalReached" value="false"/>');
    expect(junit).toContain('<property name="turn2GoalReached" value="true"/>');
    const html = renderHtmlReport({ report });
    expect(html).toContain('User (simulated by anthropic/claude-sonnet-4-6)');
    expect(html).toContain('simulated user tokens in / out');
    expect(formatScenarioLine({ result: scenario, colors: createColors(false) })).toMatch(
      /^✓ scripted simulation \(\d+ ms\) simulated 2 turns, goal reached$/u,
    );
    expect(toJsonScenario(scenario).turns[1]?.goal).toMatchObject({ score: 5, passed: true });
    expect(scenario.simulatedUserTokens?.input).toBeGreaterThan(0);
    expect(scenario.tokens?.input).toBe(
      scenario.turns.reduce((total, turn) => total + turn.usage.inputTokens, 0),
    );
  });

  it('checks `expect` on every simulated turn and `expectLast` on the last, each at its own path', async () => {
    const { report } = await runScripted([
      'judge:',
      '  script: [{ score: 1, reasons: Not yet. }, { score: 5, reasons: Refunded. }]',
      'turns:',
      '  - user: Hello.',
      '    llm: [{ text: Hi! }]',
      '  - simulate:',
      '      persona: A customer.',
      '      goal: A refund of order 42.',
      "      script: ['Refund order 42.', 'Yes.']",
      '      expectLast: { text: { contains: refunded } }',
      '    llm: [{ text: Shall I? }, { text: Done. }]',
      '    expect: { text: { contains: Shall } }',
    ]);

    expect(report.scenarios[0]?.failures.map((failure) => failure.path)).toEqual([
      'turns[1].simulated[1].expect.text.contains',
      'turns[1].simulate.expectLast.text.contains',
    ]);
    expect(report.scenarios[0]?.turns.map((turn) => turn.user)).toEqual([
      'Hello.',
      'Refund order 42.',
      'Yes.',
    ]);
  });

  it.each([
    {
      turns: ['  - simulate: { persona: P, goal: G }', '  - user: Hi.'],
      problem: 'turns[0].simulate: a simulated user writes every turn from here on: make it the last turn',
    },
    {
      turns: ['  - user: Hi.', '    simulate: { persona: P, goal: G }'],
      problem: 'turns[0].user: a simulated turn has no `user` of its own; remove it (or `simulate`)',
    },
    {
      turns: ['  - simulate: { persona: P, goal: G, expectLast: { honest: true } }'],
      problem:
        "turns[0].simulate.expectLast.honest: a judge grades every simulated turn (the turn's `expect.honest`) and the goal (`simulate.until`), not the last turn alone",
    },
  ])('refuses at load: $problem', async ({ turns, problem }) => {
    await expect(runScripted(['turns:', ...turns])).rejects.toThrow(problem);
  });
});
