import { describe, expect, it } from 'vitest';
import { createScenarioProgress } from './scenario-progress.js';

describe('createScenarioProgress', () => {
  it('reports what the step under way waited for at its deadline, keeping the deadline it entered with', async () => {
    const { progress, overdue, clear } = createScenarioProgress({ timeoutMs: undefined });
    progress.enter({ path: 'turns[0]', during: 'in turn 1', overdue: 'turn 1 did not end', deadlineMs: 20 });
    progress.waitFor('turn 1 ended, but the fake LLM did not finish answering it');

    const failure = await overdue;
    clear();

    expect(failure).toMatchObject({
      path: 'turns[0]',
      message:
        'turn 1 ended, but the fake LLM did not finish answering it within 0.02 s (its own timeouts and a margin; scenarioTimeoutMs sets one for the whole scenario), and the scenario was stopped',
      expected: 20,
    });
    expect(progress.signal.aborted).toBe(true);
  });
});
