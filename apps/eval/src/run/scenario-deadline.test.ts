import { describe, expect, it } from 'vitest';
import { defineAgent } from '../agent/define-agent.js';
import { turnDeadlineMs } from './scenario-deadline.js';

const turn: { approvals?: Array<{ decision: 'approve' | 'deny' }> } = {};

describe('turnDeadlineMs', () => {
  it("gives a turn the loop's 120 s where nothing sets its timeout, and 5 s more", () => {
    expect(turnDeadlineMs({ scenario: {}, agent: undefined, turn })).toBe(125_000);
  });

  it("takes the turn timeout of the scenario's loop, or of its session config", () => {
    expect(turnDeadlineMs({ scenario: { loop: { timeoutMs: 1_000 } }, agent: undefined, turn })).toBe(6_000);
    expect(turnDeadlineMs({ scenario: { session: { timeout_ms: 2_000 } }, agent: undefined, turn })).toBe(
      7_000,
    );
  });

  it("takes the turn timeout of a declarative or session agent; a full-form agent's is the loop's default", () => {
    const scenario = {};
    expect(turnDeadlineMs({ scenario, agent: defineAgent({ loop: { timeoutMs: 3_000 } }), turn })).toBe(
      8_000,
    );
    expect(
      turnDeadlineMs({ scenario, agent: defineAgent({ session: { config: { timeout_ms: 4_000 } } }), turn }),
    ).toBe(9_000);
    expect(
      turnDeadlineMs({
        scenario,
        agent: defineAgent({ run: () => Promise.reject(new Error('not run')) }),
        turn,
      }),
    ).toBe(125_000);
  });

  it('counts a turn once more for each approval it resumes with', () => {
    const approving = { approvals: [{ decision: 'approve' as const }, { decision: 'deny' as const }] };
    expect(
      turnDeadlineMs({ scenario: { loop: { timeoutMs: 1_000 } }, agent: undefined, turn: approving }),
    ).toBe(3 * 1_000 + 5_000);
  });
});
