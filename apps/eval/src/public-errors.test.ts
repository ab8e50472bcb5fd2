import { ToolloopError } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { EmptySelectionError, LiveSetupError, RecordingFileError, ScenarioFileError } from './index.js';
import { ScenarioAssertionError } from './vitest/index.js';

const issue = {
  file: 'scenarios/refund.yaml',
  line: 4,
  column: 3,
  path: 'turns[0].user',
  message: 'Required',
};
const failure = {
  path: 'turns[0].expect.stopReason',
  message: "expected the turn to stop with 'completed', it stopped with 'max_rounds'",
  expected: 'completed',
  actual: 'max_rounds',
};

// Each public error of @toolloop/eval, built as the runner builds it, with the JSON a report gets of it.
const cases = [
  {
    name: 'EmptySelectionError',
    error: new EmptySelectionError("--tag 'nightly' selected no scenario."),
    isInstance: (error: unknown) => EmptySelectionError.isInstance(error),
    json: { name: 'EmptySelectionError', message: "--tag 'nightly' selected no scenario." },
  },
  {
    name: 'LiveSetupError',
    error: new LiveSetupError('A live run of an anthropic scenario needs the API key in ANTHROPIC_API_KEY.'),
    isInstance: (error: unknown) => LiveSetupError.isInstance(error),
    json: {
      name: 'LiveSetupError',
      message: 'A live run of an anthropic scenario needs the API key in ANTHROPIC_API_KEY.',
    },
  },
  {
    name: 'ScenarioFileError',
    error: new ScenarioFileError([issue]),
    isInstance: (error: unknown) => ScenarioFileError.isInstance(error),
    json: {
      name: 'ScenarioFileError',
      message: 'scenarios/refund.yaml:4:3 turns[0].user: Required',
      issues: [issue],
    },
  },
  {
    name: 'RecordingFileError',
    error: new RecordingFileError([issue]),
    isInstance: (error: unknown) => RecordingFileError.isInstance(error),
    json: {
      name: 'RecordingFileError',
      message: 'scenarios/refund.yaml:4:3 turns[0].user: Required',
      issues: [issue],
    },
  },
  {
    name: 'ScenarioAssertionError',
    error: new ScenarioAssertionError({ file: 'scenarios/refund.yaml', failures: [failure] }),
    isInstance: (error: unknown) => ScenarioAssertionError.isInstance(error),
    json: {
      name: 'ScenarioAssertionError',
      message: `scenarios/refund.yaml turns[0].expect.stopReason: ${failure.message}`,
      failures: [failure],
      expected: 'completed',
      actual: 'max_rounds',
      showDiff: true,
    },
  },
];

describe.each(cases)('$name, a public error of @toolloop/eval', ({ name, error, isInstance, json }) => {
  it('extends the core error base and keeps its name', () => {
    expect(error).toBeInstanceOf(ToolloopError);
    expect(ToolloopError.isInstance(error)).toBe(true);
    expect(error.name).toBe(name);
  });

  it('is recognised by its own isInstance, also from another copy of the package, and by no other', () => {
    const fromAnotherCopy = Object.assign(new Error('x'), {
      [Symbol.for('toolloop.error')]: true,
      [Symbol.for(`toolloop.error.${name}`)]: true,
    });

    expect(isInstance(error)).toBe(true);
    expect(isInstance(fromAnotherCopy)).toBe(true);
    expect(isInstance(new ToolloopError({ name: 'Other', message: 'x' }))).toBe(false);
    expect(cases.filter((other) => other.isInstance(error)).map((other) => other.name)).toEqual([name]);
  });

  it('survives JSON with its fields', () => {
    expect(JSON.parse(JSON.stringify(error))).toEqual(json);
  });
});
