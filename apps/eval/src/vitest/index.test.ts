import { describe, expect, it } from 'vitest';

describe('@toolloop/eval/vitest', () => {
  it('exports exactly these values', async () => {
    const entry = await import('@toolloop/eval/vitest');

    expect(Object.keys(entry).sort()).toEqual([
      'ScenarioAssertionError',
      'describeScenarios',
      'toolloopMatchers',
    ]);
    expect(Object.keys(entry.toolloopMatchers).sort()).toEqual([
      'toHaveCalledTool',
      'toHaveToolCalls',
      'toSatisfyJudge',
      'toStopWith',
    ]);
  });
});
