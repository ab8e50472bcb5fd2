import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('once the result is out', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('starts no timer for a step the stopped scenario enters while it winds down (closing its servers)', () => {
      vi.useFakeTimers();
      const { progress, clear } = createScenarioProgress({ timeoutMs: undefined });
      progress.enter({
        path: 'turns[0]',
        during: 'in turn 1',
        overdue: 'turn 1 did not end',
        deadlineMs: 20,
      });
      vi.advanceTimersByTime(20);
      clear();

      progress.enter({
        path: '(root)',
        during: 'while closing its servers',
        overdue: 'its servers did not close',
        deadlineMs: 30_000,
      });

      expect(vi.getTimerCount()).toBe(0);
    });
  });
});
