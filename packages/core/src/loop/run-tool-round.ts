import { decideApprovals } from './decide-approvals.js';
import { executeToolCalls } from './execute-tool-calls.js';
import type { FinishedRound } from './features/turn-feature.js';
import type { LoopEvent } from './loop-event.js';
import { planToolCalls } from './plan-tool-calls.js';
import type { ResponseStep } from './response-step.js';
import { toPausedTurn } from './to-turn-checkpoint.js';
import type { Turn } from './turn.js';
import type { TurnEnding } from './turn-ending.js';
import { recordToolResults } from './turn-state.js';
import { addUsage } from '../model/usage.js';

/**
 * Decides the calls of a response: what the limits answer without running (`planToolCalls`), then which wait
 * for a person's decision. A call that waits pauses the turn before any call of the response runs.
 */
export async function decideCalls(
  turn: Turn,
  step: ResponseStep,
): Promise<{ round: Omit<FinishedRound, 'outcomes'> } | { paused: TurnEnding }> {
  const { state, options, registry, signal } = turn;
  const { toolCallLimits, noProgress } = state.features;
  const plan = planToolCalls({
    calls: step.calls,
    toolNames: step.toolNames,
    options,
    messageToolCalls: toolCallLimits.message,
    sessionToolCalls: toolCallLimits.session,
    callCounts: noProgress.callCounts,
    textRepeats: noProgress.textRepeats,
  });
  const approved = await decideApprovals({
    calls: plan.calls,
    registry,
    options,
    signal,
    decisions: step.decisions,
  });
  if (approved.pending.length > 0) {
    return {
      paused: { reason: 'approval_required', paused: toPausedTurn(turn, step, approved.pending) },
    };
  }
  return { round: { plan, calls: approved.calls } };
}

/** Runs the decided calls of a response and records their results: one tool round. */
export async function* runToolRound(
  turn: Turn,
  step: ResponseStep,
  { plan, calls }: Omit<FinishedRound, 'outcomes'>,
): AsyncGenerator<LoopEvent, FinishedRound> {
  const { state, options, signal } = turn;
  // Lists are read with for…of here: a `yield*` of one in an async generator awaits at every step.
  for (const event of plan.events) yield event;
  const outcomes = yield* executeToolCalls({
    calls: [...calls],
    registry: turn.registry,
    round: state.rounds,
    options,
    turnSignal: signal,
    turnAbort: turn.turnAbort,
    statusSignal: turn.statusSignal,
    errorStreak: state.features.errorStreak.streak,
    onStatusUsage: (usage) => {
      state.statusUsage = addUsage(state.statusUsage, usage);
    },
    journal: turn.journal,
  });
  recordToolResults({
    state,
    calls: step.calls,
    outcomes,
    round: state.rounds,
    maxConsecutiveErrors: options.maxConsecutiveErrors,
  });
  state.rounds += 1;
  state.features.toolCallLimits.message = plan.messageToolCalls;
  state.features.toolCallLimits.session = plan.sessionToolCalls;
  for (const [key, count] of plan.callCounts) state.features.noProgress.callCounts.set(key, count);
  // A call's end the journal could not record: its result is in the transcript, and the turn ends.
  const unrecorded = outcomes.find((outcome) => outcome.journalError !== undefined);
  if (unrecorded !== undefined) throw unrecorded.journalError;
  signal.throwIfAborted();
  return { plan, calls, outcomes };
}
