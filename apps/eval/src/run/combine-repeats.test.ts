import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../report/run-report.js';
import { combineRepeats } from './combine-repeats.js';

function run(overrides: Partial<ScenarioResult>): ScenarioResult {
  return {
    name: 'refund',
    file: 'scenarios/refund.yaml',
    tags: [],
    status: 'passed',
    durationMs: 10,
    turns: [],
    failures: [],
    ...overrides,
  };
}

describe('combineRepeats', () => {
  it('keeps the recording a passing run wrote, though a later failing run is the one shown', () => {
    const written = run({ recording: { type: 'written', directory: 'scenarios/refund.recording' } });
    const failed = run({
      status: 'failed',
      failures: [{ path: 'turns[0].expect.text', message: 'no', expected: 'a', actual: 'b' }],
      recording: { type: 'kept', directory: 'scenarios/refund.recording', previous: true },
    });

    const combined = combineRepeats([written, failed]);

    expect(combined.failures).toEqual(failed.failures);
    expect(combined.recording).toEqual({ type: 'written', directory: 'scenarios/refund.recording' });
  });
});
