import { InvalidArgumentError } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { createReporters, isReporterName, reporters } from './reporters.js';

describe('reporters', () => {
  it('has the built-in reporters by the names --reporter takes', () => {
    expect(Object.keys(reporters)).toEqual(['pretty', 'json', 'junit', 'html']);
  });

  it('knows its names and nothing else, not even object keys', () => {
    expect([isReporterName('json'), isReporterName('xml'), isReporterName('toString')]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('createReporters', () => {
  it('creates one reporter per name, in order', () => {
    const created = createReporters(['junit', 'json']);

    expect(created.map((reporter) => Object.keys(reporter).sort())).toEqual([
      ['close', 'onRunEnd', 'onRunStart', 'onScenarioEnd'],
      ['close', 'onRunEnd', 'onRunStart', 'onScenarioEnd'],
    ]);
  });

  it('rejects unknown names with an error listing the known ones', () => {
    const create = () => createReporters(['pretty', 'xml', 'tap']);

    expect(create).toThrow(
      "Invalid option 'reporter': Unknown reporters 'xml', 'tap'. Known reporters: pretty, json, junit, html.",
    );
    expect(InvalidArgumentError.isInstance(catchError(create))).toBe(true);
  });

  it('names a single unknown reporter in the singular', () => {
    expect(() => createReporters(['htm'])).toThrow(
      "Invalid option 'reporter': Unknown reporter 'htm'. Known reporters: pretty, json, junit, html.",
    );
  });
});

function catchError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the action to throw');
}
