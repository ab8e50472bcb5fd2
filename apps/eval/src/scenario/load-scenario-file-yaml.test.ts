import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './load-scenario-file.js';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';

const file = 'scenarios/example.yaml';

function issuesOf(text: string): ScenarioIssue[] {
  try {
    parseScenarioText({ text, file });
  } catch (error) {
    if (ScenarioFileError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('expected the scenario to be invalid');
}

/** A billion laughs: nine levels of nine aliases each, 9^9 values once expanded. */
function billionLaughs(): string {
  let text = 'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
  let previous = 'a';
  for (const name of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) {
    text += `${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(', ')}]\n`;
    previous = name;
  }
  return `name: laughs\n${text}turns: [{ user: Hi, llm: [{ text: Hello }] }]\n`;
}

describe('scenario files: the YAML itself', () => {
  it('reports an alias that names no anchor at the alias, with a plain message', () => {
    expect(issuesOf('name: x\nturns:\n  - user: *nope\n    llm: [{ text: Hi }]\n')).toEqual([
      {
        file,
        line: 3,
        column: 11,
        path: 'turns[0].user',
        message: "The alias '*nope' names no anchor: write '&nope' on a value before it.",
      },
    ]);
  });

  it('reports a billion-laughs document at the alias where the expansion passes the limit', () => {
    expect(issuesOf(billionLaughs())).toEqual([
      {
        file,
        line: 6,
        column: 8,
        path: 'e[0]',
        message:
          "Aliases expand this document to more than 10000 values (here, '*d'); write the values out or use fewer aliases.",
      },
    ]);
  });

  it('reports an alias inside the value its own anchor marks', () => {
    expect(
      issuesOf(
        'name: x\nturns: &t\n  - user: Hi\n    llm: [{ text: Hi }]\n    expect: { toolCalls: { calls: [{ name: a, input: *t }] } }\n',
      ),
    ).toEqual([
      {
        file,
        line: 5,
        column: 54,
        path: 'turns[0].expect.toolCalls.calls[0].input',
        message: "The alias '*t' is inside the value its anchor '&t' marks, so it never ends.",
      },
    ]);
  });

  it('still reads aliases that reuse a value', () => {
    expect(
      parseScenarioText({ text: 'name: &n hello\nturns: [{ user: *n, llm: [{ text: *n }] }]\n', file }),
    ).toMatchObject({ name: 'hello', turns: [{ user: 'hello', llm: [{ text: 'hello' }] }] });
  });

  it.each([
    ['an empty file', ''],
    ['a file of comments only', '# nothing yet\n# still nothing\n'],
  ])('reports %s at its first line', (_what, text) => {
    expect(issuesOf(text)).toEqual([
      {
        file,
        line: 1,
        column: 1,
        path: '(root)',
        message:
          'The file holds no document (it is empty or only comments); expected a scenario: a mapping with at least `name` and `turns`.',
      },
    ]);
  });

  it.each([
    ['null', 'null\n', 'null'],
    ['a list', '- name: x\n', 'a list'],
    ['a string', 'hello\n', 'a string'],
  ])('reports a document that is %s at its start', (_what, text, kind) => {
    expect(issuesOf(text)).toEqual([
      {
        file,
        line: 1,
        column: 1,
        path: '(root)',
        message: `The document is ${kind}; expected a scenario: a mapping with at least \`name\` and \`turns\`.`,
      },
    ]);
  });

  it('reports a duplicate key at the second one', () => {
    expect(issuesOf('name: a\nturns: [{ user: Hi, llm: [{ text: Hi }] }]\nname: b\n')).toEqual([
      {
        file,
        line: 3,
        column: 1,
        path: 'name',
        message: "The key 'name' is given twice (first on line 1); keys must be unique.",
      },
    ]);
  });
});
