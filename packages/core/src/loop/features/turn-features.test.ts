import { describe, expect, it } from 'vitest';
import { createAbortFanOut } from '../../internal/create-abort-fan-out.js';
import { createScriptedModel } from '../../testing/scripted-model.js';
import { createToolRegistry } from '../create-tool-registry.js';
import type { ToolCallPlan } from '../plan-tool-calls.js';
import { resolveLoopOptions } from '../resolve-loop-options.js';
import type { ToolLoopOptions } from '../tool-loop-options.js';
import type { Turn } from '../turn.js';
import { createTurnState } from '../turn-state.js';
import { contextLimitCodec } from './context-limit-feature.js';
import { errorStreakCodec, errorStreakFeature } from './error-streak-feature.js';
import { iterationLimitFeature } from './iteration-limit-feature.js';
import { noProgressCodec, noProgressFeature } from './no-progress-feature.js';
import { roundLimitFeature } from './round-limit-feature.js';
import { tokenBudgetFeature } from './token-budget-feature.js';
import { toolCallLimitsCodec, toolCallLimitsFeature } from './tool-call-limits-feature.js';

/** A turn as the cycle hands it to a feature, before its first request. */
async function createTurn(options: Partial<ToolLoopOptions> = {}): Promise<Turn> {
  const resolved = resolveLoopOptions({
    model: createScriptedModel({ text: 'Hi.' }),
    prompt: 'Hello.',
    ...options,
  });
  const signal = new AbortController().signal;
  return {
    options: resolved,
    registry: await createToolRegistry({ tools: [], controlTools: [], signal, onFailure: 'stop' }),
    state: createTurnState(resolved),
    signal,
    turnAbort: createAbortFanOut(signal),
    statusSignal: signal,
    elapsedMs: () => 0,
    outbox: [],
    journal: undefined,
  };
}

/** A round whose plan asked for nothing but what is given. */
function roundWith(plan: Partial<ToolCallPlan> = {}) {
  return {
    plan: { calls: [], events: [], messageToolCalls: 0, sessionToolCalls: 0, callCounts: new Map(), ...plan },
    calls: [],
    outcomes: [],
  };
}

describe('the features, each alone', () => {
  it('maxIterations ends the turn at the cap, and keeps one request for a last answer a cap asked for', async () => {
    const turn = await createTurn({ maxIterations: 2 });
    turn.state.iterations = 1;
    expect(iterationLimitFeature.beforeRequest?.(turn)).toBeUndefined();
    turn.state.iterations = 2;
    expect(iterationLimitFeature.beforeRequest?.(turn)).toEqual({ end: { reason: 'max_iterations' } });
    turn.state.finalAnswerFor = { reason: 'max_rounds' };
    expect(iterationLimitFeature.beforeRequest?.(turn)).toBeUndefined();
  });

  it('tokenBudget asks for the last answer when a round and an answer would not both fit, and ends the turn when none would', async () => {
    const turn = await createTurn({ tokenBudget: 100 });
    turn.state.iterations = 1;
    turn.state.usage = { inputTokens: 50, outputTokens: 10 };
    // 40 tokens left: a request of 20 and its answer fit, one of 21 alone does.
    turn.state.lastRequestTokens = 20;
    expect(tokenBudgetFeature.beforeRequest?.(turn)).toBeUndefined();
    turn.state.lastRequestTokens = 21;
    expect(tokenBudgetFeature.beforeRequest?.(turn)).toEqual({
      answer: {
        reason: 'budget_exceeded',
        detail: 'the next request would pass the budget of 100 tokens per turn',
      },
    });
    turn.state.lastRequestTokens = 41;
    expect(tokenBudgetFeature.beforeRequest?.(turn)).toMatchObject({ end: { reason: 'budget_exceeded' } });
  });

  it('maxRounds, maxToolCalls and no progress ask for a last answer after the round; the error streak ends the turn', async () => {
    const turn = await createTurn({ maxRounds: 2 });
    turn.state.rounds = 1;
    expect(roundLimitFeature.afterRound?.(turn, roundWith())).toBeUndefined();
    turn.state.rounds = 2;
    expect(roundLimitFeature.afterRound?.(turn, roundWith())).toEqual({ answer: { reason: 'max_rounds' } });
    expect(toolCallLimitsFeature.afterRound?.(turn, roundWith({ limitReached: 'tool_limit' }))).toEqual({
      answer: { reason: 'tool_limit' },
    });
    expect(noProgressFeature.afterRound?.(turn, roundWith({ noProgress: 'the same text' }))).toEqual({
      answer: { reason: 'no_progress', detail: 'the same text' },
    });
    expect(errorStreakFeature.afterRound?.(turn, roundWith())).toBeUndefined();
    turn.state.features.errorStreak.limitReached = true;
    expect(errorStreakFeature.afterRound?.(turn, roundWith())).toEqual({
      end: { reason: 'consecutive_errors' },
    });
  });

  it('each slice is saved as plain JSON and read back as it was', async () => {
    const { state } = await createTurn();
    state.messages.push({ role: 'assistant', content: [{ type: 'text', text: 'One.' }] });
    const slices = {
      toolCallLimits: { message: 2, session: 7 },
      noProgress: { callCounts: new Map([['ok {}', 2]]), lastResponseText: 'Again.', textRepeats: 2 },
      errorStreak: { streak: 1, limitReached: false },
      contextLimit: { cleared: new Set(['call_1']), summary: { upTo: 1, text: 'Earlier.' } },
    };
    const stored = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

    expect(
      toolCallLimitsCodec.restore(stored(toolCallLimitsCodec.save(slices.toolCallLimits)), state),
    ).toEqual(slices.toolCallLimits);
    expect(noProgressCodec.restore(stored(noProgressCodec.save(slices.noProgress)), state)).toEqual(
      slices.noProgress,
    );
    expect(errorStreakCodec.restore(stored(errorStreakCodec.save(slices.errorStreak)), state)).toEqual(
      slices.errorStreak,
    );
    expect(contextLimitCodec.restore(stored(contextLimitCodec.save(slices.contextLimit)), state)).toEqual(
      slices.contextLimit,
    );
  });

  it('a slice edited by hand or missing is read as at the start of a turn, not trusted', async () => {
    const { state } = await createTurn();
    for (const saved of [undefined, null, 'none', { message: -1, session: 1.5 }]) {
      expect(toolCallLimitsCodec.restore(saved, state)).toEqual({ message: 0, session: 0 });
    }
    expect(
      noProgressCodec.restore({ callCounts: [['ok', 'twice'], 7, ['ok {}', 1]], textRepeats: 'x' }, state),
    ).toEqual({
      callCounts: new Map([['ok {}', 1]]),
      lastResponseText: '',
      textRepeats: 0,
    });
    // A summary that would stand for the whole transcript cannot be sent in its place.
    expect(
      contextLimitCodec.restore({ cleared: ['a', 3], summary: { upTo: 1, text: 'All.' } }, state),
    ).toEqual({
      cleared: new Set(['a']),
    });
    state.messages.push({ role: 'assistant', content: [{ type: 'text', text: 'One.' }] });
    expect(contextLimitCodec.restore({ summary: { upTo: 1, text: 'Earlier.' } }, state)).toEqual({
      cleared: new Set(),
      summary: { upTo: 1, text: 'Earlier.' },
    });
    // A summary that stands for no message, for part of one, or has no text.
    const summaries = [
      { upTo: 0, text: 'None.' },
      { upTo: 0.5, text: 'Half.' },
      { upTo: '1', text: 'One.' },
      { upTo: 1 },
    ];
    for (const summary of summaries) {
      expect(contextLimitCodec.restore({ summary }, state)).toEqual({ cleared: new Set() });
    }
  });
});
