import { describe, expect, it } from 'vitest';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';
import { throwIssues } from './throw-issues.js';

function thrownBy(issues: readonly ScenarioIssue[]): ScenarioFileError {
  try {
    throwIssues({ cwd: '/suite', issues });
  } catch (error) {
    if (error instanceof ScenarioFileError) return error;
    throw error;
  }
  throw new Error('throwIssues threw nothing');
}

describe('throwIssues', () => {
  it('throws nothing for no issues', () => {
    expect(() => {
      throwIssues({ cwd: '/suite', issues: [] });
    }).not.toThrow();
  });

  it('gives each issue once, where it first came, its file relative to the directory', () => {
    const missing = { file: '/suite/a.yaml', line: 3, column: 1, path: 'turns[0]', message: 'Required' };
    const outside = { file: '/elsewhere/b.yaml', path: '(root)', message: 'Not valid YAML' };
    const error = thrownBy([missing, outside, { ...missing }, { ...missing, line: 4 }]);
    expect(error.issues).toEqual([
      { ...missing, file: 'a.yaml' },
      outside,
      { ...missing, file: 'a.yaml', line: 4 },
    ]);
    expect(error.message).toBe(
      'a.yaml:3:1 turns[0]: Required\n/elsewhere/b.yaml (root): Not valid YAML\na.yaml:4:1 turns[0]: Required',
    );
  });

  it('gives the issues of a large suite, 20,000 of them each found twice', () => {
    const issues = Array.from({ length: 40_000 }, (_unused, index) => ({
      file: `/suite/scenario-${index % 20_000}.yaml`,
      line: 2,
      column: 3,
      path: 'turns[0].user',
      message: 'Required',
    }));
    const error = thrownBy(issues);
    expect(error.issues).toHaveLength(20_000);
    expect(error.issues.at(-1)).toMatchObject({ file: 'scenario-19999.yaml' });
  });
});
