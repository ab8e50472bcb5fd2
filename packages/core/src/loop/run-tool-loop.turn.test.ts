import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import type { PausedTurn } from './paused-turn.js';
import { runToolLoop } from './run-tool-loop.js';
import type { StepInfo } from './turn-hooks.js';

const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `Results for ${query}`,
});
const searches = (...queries: string[]) => ({
  toolCalls: queries.map((query) => ({ name: 'search', input: { query } })),
});

describe('when several endings fall on one round, the first in this order wins', () => {
  it('a tool-call limit before the round cap', async () => {
    const model = createScriptedModel([searches('a', 'b'), { text: 'Answer.' }]);
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', maxRounds: 1, maxToolCalls: 1 })
      .result;

    expect(result).toMatchObject({ stopReason: 'tool_limit', text: 'Answer.', iterations: 2 });
  });

  it('no progress before the round cap', async () => {
    const model = createScriptedModel([searches('a'), searches('a'), { text: 'Answer.' }]);
    const result = await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      maxRounds: 2,
      maxRepeatedCalls: 1,
    }).result;

    expect(result).toMatchObject({ stopReason: 'no_progress', text: 'Answer.', iterations: 3 });
  });

  it('a stopWhen decision before a tool-call limit', async () => {
    const model = createScriptedModel([searches('a', 'b'), { text: 'Answer.' }]);
    const result = await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      maxToolCalls: 1,
      stopWhen: () => ({ reason: 'looked_enough', answer: true }),
    }).result;

    expect(result).toMatchObject({ stopReason: 'looked_enough', text: 'Answer.' });
  });

  it('the explicit stop before the error streak', async () => {
    const failing = defineTool({
      name: 'fail',
      inputSchema: z.object({}),
      execute: () => {
        throw new Error('down');
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'fail', input: {} }] },
      {
        toolCalls: [
          { name: 'fail', input: {} },
          { name: 'cannot_complete_task', input: { reason: 'It is down.' } },
        ],
      },
    ]);
    const result = await runToolLoop({
      model,
      tools: [failing],
      prompt: 'Q',
      maxConsecutiveErrors: 2,
      explicitStop: true,
    }).result;

    expect(result.stopReason).toBe('gave_up');
  });
});

describe('the result of a turn', () => {
  it('has no error, output, cost, pendingApprovals or pausedTurn when it simply completes', async () => {
    const result = await runToolLoop({ model: createScriptedModel({ text: 'Hi.' }), prompt: 'Q' }).result;

    expect(Object.keys(result).sort()).toEqual(
      [
        'durationMs',
        'iterations',
        'messages',
        'rounds',
        'sessionTokens',
        'sessionToolCalls',
        'statusUsage',
        'stopReason',
        'text',
        'toolCalls',
        'usage',
      ].sort(),
    );
  });

  it('counts the session’s tokens: those before the turn and the turn’s own', async () => {
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'Hi.', usage: { inputTokens: 30, outputTokens: 12 } }),
      prompt: 'Q',
      sessionTokens: 100,
    }).result;

    expect(result.sessionTokens).toBe(142);
  });

  it('each response’s text replaces the one before it', async () => {
    const model = createScriptedModel([{ text: 'Let me look.', ...searches('a') }, { text: 'Found it.' }]);
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q' }).result;

    expect(result.text).toBe('Found it.');
  });
});

describe('a resumed turn', () => {
  const held = defineTool({
    name: 'held',
    inputSchema: z.object({}),
    needsApproval: true,
    execute: () => 'done',
  });

  async function pausedTurn(): Promise<PausedTurn> {
    const paused = await runToolLoop({
      model: createScriptedModel([{ toolCalls: [{ id: 'h1', name: 'held', input: {} }] }]),
      tools: [held],
      prompt: 'Q',
    }).result;
    if (paused.pausedTurn === undefined) throw new Error('The turn did not pause.');
    return paused.pausedTurn;
  }

  it('counts the time it ran before it paused against its deadline', async () => {
    const turn = await pausedTurn();
    turn.state.elapsedMs = 60_000;
    const startedAt = performance.now();
    const result = await runToolLoop({
      model: createScriptedModel({ hang: true }),
      tools: [held],
      timeoutMs: 60_050,
      resume: { turn, decisions: { h1: { approved: true } } },
    }).result;

    expect(result.stopReason).toBe('timeout');
    expect(performance.now() - startedAt).toBeLessThan(2_000);
    expect(result.durationMs).toBeGreaterThanOrEqual(60_000);
  });

  it('whose deadline has already passed times out at once', async () => {
    const turn = await pausedTurn();
    turn.state.elapsedMs = 500_000;
    const result = await runToolLoop({
      model: createScriptedModel({ hang: true }),
      tools: [held],
      resume: { turn, decisions: { h1: { approved: true } } },
    }).result;

    expect(result.stopReason).toBe('timeout');
  });

  it('reports the paused step, with its calls, once they are handled', async () => {
    const steps: StepInfo[] = [];
    const turn = await pausedTurn();
    await runToolLoop({
      model: createScriptedModel({ text: 'Done.' }),
      tools: [held],
      resume: { turn, decisions: { h1: { approved: true } } },
      onStepFinish: (step) => {
        steps.push(step);
      },
    }).result;

    expect(
      steps.map((step) => [step.iteration, step.round, step.toolCalls.map((call) => call.name)]),
    ).toEqual([
      [1, 0, ['held']],
      [2, 1, []],
    ]);
  });

  it('goes on from its counters: rounds, requests and tool calls', async () => {
    const turn = await pausedTurn();
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'Done.' }),
      tools: [held],
      resume: { turn, decisions: { h1: { approved: true } } },
    }).result;

    expect(result).toMatchObject({ stopReason: 'completed', rounds: 1, iterations: 2, sessionToolCalls: 1 });
    expect(result.toolCalls.map((call) => [call.name, call.round, call.executed])).toEqual([
      ['held', 0, true],
    ]);
  });
});
