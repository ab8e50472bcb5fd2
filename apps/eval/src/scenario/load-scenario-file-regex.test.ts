import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './load-scenario-file.js';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';

function issuesOf(text: string): ScenarioIssue[] {
  try {
    parseScenarioText({ text, file: 'regex.yaml' });
  } catch (error) {
    if (ScenarioFileError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('expected the scenario to be invalid');
}

const withMatches = (pattern: string) =>
  `name: x\nturns:\n  - user: Hi\n    llm: [{ text: Hello }]\n    expect:\n      text: { matches: '${pattern}' }\n`;

describe('scenario files: regular expressions', () => {
  it('rejects a regular expression that does not compile, at its field, when the file is validated', () => {
    expect(issuesOf(withMatches('(unclosed'))).toEqual([
      {
        file: 'regex.yaml',
        line: 6,
        column: 24,
        path: 'turns[0].expect.text.matches',
        message: 'Not a valid regular expression (Unicode mode): /(unclosed/u: Unterminated group.',
      },
    ]);
  });

  it('rejects what only Unicode mode forbids, since matching uses it', () => {
    expect(issuesOf(withMatches('\\q'))[0]?.message).toBe(
      'Not a valid regular expression (Unicode mode): /\\q/u: Invalid escape.',
    );
  });

  it('accepts a valid one', () => {
    expect(
      parseScenarioText({ text: withMatches('^Hel+o$'), file: 'regex.yaml' }).turns[0]?.expect?.text,
    ).toEqual({
      matches: '^Hel+o$',
    });
  });
});
