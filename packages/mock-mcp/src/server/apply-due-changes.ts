import type { MockToolChange } from '../spec/tool-change-schema.js';
import type { MockCallOutcome } from './mock-tool-call.js';
import { toToolState, type MockServerState } from './mock-server-state.js';

/** The calls a `calls` trigger counts: those the server answered, whatever the answer. */
const answeredOutcomes = new Set<MockCallOutcome>(['result', 'error', 'throw', 'no_match', 'unknown_tool']);

/** Whether a call with this outcome counts toward a `calls` trigger. */
export function isAnsweredOutcome(outcome: MockCallOutcome | undefined): boolean {
  return outcome !== undefined && answeredOutcomes.has(outcome);
}

/**
 * Applies the spec's `changes` that are due, in the order listed: the next one fires only after the one before
 * it, and at once when its trigger has been met meanwhile. Returns those it applied (none: nothing to notify).
 * Synchronous, so that calls ending together cannot apply a change twice.
 */
export function applyDueChanges(state: MockServerState): MockToolChange[] {
  const applied: MockToolChange[] = [];
  const changes = state.spec.changes ?? [];
  for (let change = changes[state.nextChange]; change !== undefined; change = changes[state.nextChange]) {
    if (!isDue({ state, change })) break;
    for (const name of change.remove ?? []) state.tools.delete(name);
    for (const tool of [...(change.replace ?? []), ...(change.add ?? [])]) {
      state.tools.set(tool.name, toToolState(tool));
    }
    state.nextChange += 1;
    applied.push(change);
  }
  return applied;
}

function isDue(options: { state: MockServerState; change: MockToolChange }): boolean {
  const { state, change } = options;
  const { calls, tool, turn } = change.after;
  if (turn !== undefined) return state.turn >= turn;
  const counted = state.calls.filter(
    (call) => isAnsweredOutcome(call.outcome) && (tool === undefined || call.tool === tool),
  );
  return calls !== undefined && counted.length >= calls;
}
