import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './load-scenario-file.js';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';

function issuesOf(text: string): ScenarioIssue[] {
  try {
    parseScenarioText({ text, file: 'scenarios/example.yaml' });
  } catch (error) {
    if (ScenarioFileError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('expected the scenario to be invalid');
}

const valid = `name: hello
turns:
  - user: Hi
    llm:
      - text: Hello!
    expect:
      stopReason: completed
`;

describe('scenario files', () => {
  it('reads a valid scenario, with the defaults applied', () => {
    expect(parseScenarioText({ text: valid, file: 'x.yaml' })).toEqual({
      name: 'hello',
      provider: 'anthropic',
      turns: [{ user: 'Hi', llm: [{ text: 'Hello!' }], expect: { stopReason: 'completed' } }],
    });
  });

  it('reads JSON too', () => {
    const json = JSON.stringify({ name: 'j', turns: [{ user: 'Hi', llm: [{ text: 'Yo' }] }] });
    expect(parseScenarioText({ text: json, file: 'x.json' }).name).toBe('j');
  });

  it.each([
    [
      'a like no API serves',
      '  - { id: acme, like: claude-haiku-4.5 }',
      'models[0].like',
      "'claude-haiku-4.5' is no model",
    ],
    ['an id twice', '  - { id: acme }\n  - { id: acme }', 'models[1].id', "'acme' is listed twice"],
  ])('rejects models the fake LLM cannot follow: %s', (_what, models, path, message) => {
    const issues = issuesOf(`${valid}models:\n${models}\n`);
    expect(issues.map((issue) => issue.path)).toEqual([path]);
    expect(issues[0]?.message).toContain(message);
  });

  it('takes thinking after the text only on the Responses API, and says which wires have no such answer', () => {
    const step =
      '      - { thinking: A lamp., text: Let me look., thinkingAfterText: The catalog has it., toolCalls: [{ name: search }] }';
    const scenario = (head: string) => `name: x\n${head}\nturns:\n  - user: Hi\n    llm:\n${step}\n`;
    expect(
      parseScenarioText({ text: scenario('provider: openai-responses'), file: 'x.yaml' }).turns[0]?.llm,
    ).toEqual([
      {
        thinking: 'A lamp.',
        text: 'Let me look.',
        thinkingAfterText: 'The catalog has it.',
        toolCalls: [{ name: 'search', input: {} }],
      },
    ]);
    const refusals = (head: string) =>
      issuesOf(scenario(head)).map(
        (issue) => `${issue.line}:${issue.column} ${issue.path}: ${issue.message}`,
      );
    expect(refusals('provider: gemini')).toEqual([
      '6:69 turns[0].llm[0].thinkingAfterText: a second reasoning item after the text is a Responses API answer (openai-responses); gemini has no such answer',
    ]);
    expect(refusals('wires: [openai-responses, anthropic, openai-chat]')).toEqual([
      '6:69 turns[0].llm[0].thinkingAfterText: a second reasoning item after the text is a Responses API answer (openai-responses); anthropic, openai-chat have no such answer',
    ]);
    expect(refusals('wires: all')[0]).toContain(
      'anthropic, openai-chat, gemini, bedrock, ollama have no such answer',
    );
    const alone =
      'name: x\nprovider: openai-responses\nturns:\n  - user: Hi\n    llm:\n      - { thinking: Look., thinkingAfterText: Then call. }\n';
    expect(issuesOf(alone).map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      "turns[0].llm[0].thinkingAfterText: the thinking between an answer's text and its tool calls needs both, and the thinking before the text: add text, toolCalls",
    ]);
  });

  it('rejects an unknown field at its key, with line, column and path', () => {
    expect(
      issuesOf(
        valid.replace(
          'stopReason: completed',
          'stopReason: completed\n      rounds: 1\n      tolCalls: none',
        ),
      ),
    ).toEqual([
      {
        file: 'scenarios/example.yaml',
        line: 9,
        column: 7,
        path: 'turns[0].expect.tolCalls',
        message: "Unknown field 'tolCalls'.",
      },
    ]);
  });

  it("takes a command server's maxMessageBytes, a whole number of bytes of at least 1", () => {
    const withLimit = (limit: string) =>
      `name: big answers\nservers:\n  files: { command: node, args: [server.js], maxMessageBytes: ${limit} }\nturns:\n  - user: Hi\n    llm:\n      - text: Hello!\n`;

    expect(parseScenarioText({ text: withLimit('20971520'), file: 'x.yaml' }).servers).toEqual({
      files: { command: 'node', args: ['server.js'], maxMessageBytes: 20_971_520 },
    });
    expect(issuesOf(withLimit('0')).map((issue) => issue.path)).toEqual(['servers.files.maxMessageBytes']);
  });

  it('reports a wrong type at the value', () => {
    expect(issuesOf(valid.replace('stopReason: completed', 'rounds: two'))).toEqual([
      {
        file: 'scenarios/example.yaml',
        line: 7,
        column: 15,
        path: 'turns[0].expect.rounds',
        message: expect.stringContaining('Invalid input') as string,
      },
    ]);
  });

  it('reports a wrong stop reason with the allowed ones', () => {
    const [issue] = issuesOf(valid.replace('stopReason: completed', 'stopReason: Max-Rounds'));
    expect(issue).toMatchObject({ line: 7, column: 19, path: 'turns[0].expect.stopReason' });
    expect(issue?.message).toContain('"max_rounds"');
    expect(issue?.message).toContain('snake_case');
  });

  it('reports a missing required field at its parent', () => {
    expect(issuesOf('turns:\n  - user: Hi\n    llm: []\n')).toEqual([
      {
        file: 'scenarios/example.yaml',
        line: 1,
        column: 1,
        path: 'name',
        message: "Missing required field 'name' (string).",
      },
    ]);
  });

  it('reports every problem of a file at once', () => {
    const text = `name: many
turnz: []
turns:
  - user: 5
    llm: [{ txt: hi }]
`;
    expect(issuesOf(text).map((issue) => `${issue.line}:${issue.column} ${issue.path}`)).toEqual([
      '2:1 turnz',
      '4:11 turns[0].user',
      '5:13 turns[0].llm[0].txt',
    ]);
  });

  it('explains a typo inside a mock server, not just "invalid input" for the whole server', () => {
    const text = `name: mock typo
servers:
  courses:
    tools:
      - name: search
        inputSchema: { type: object }
        respones:
          - text: hi
turns:
  - user: Hi
    llm: [{ text: Hello }]
`;
    expect(issuesOf(text)).toContainEqual({
      file: 'scenarios/example.yaml',
      line: 7,
      column: 9,
      path: 'servers.courses.tools[0].respones',
      message: "Unknown field 'respones'.",
    });
  });

  it('reports YAML syntax errors with their position', () => {
    const [issue] = issuesOf('name: broken\nturns: [\n');
    expect(issue).toMatchObject({ file: 'scenarios/example.yaml', path: '(root)' });
    expect(issue?.line).toBeGreaterThan(0);
    expect(issue?.message).toMatch(/^Not valid YAML or JSON: /);
  });

  it('formats each issue as file:line:column path: message', () => {
    expect(() => parseScenarioText({ text: 'name: x\nturns: []\n', file: 'a.yaml' })).toThrow(
      /^a\.yaml:2:8 turns: Too small: expected array to have >=1 items$/,
    );
  });
});
