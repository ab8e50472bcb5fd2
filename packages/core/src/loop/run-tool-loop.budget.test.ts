import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Model, ModelStreamPart } from '../model/model.js';
import type { Usage } from '../model/usage.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { createDeferred } from '../../test/deferred.js';
import { runToolLoop } from './run-tool-loop.js';

const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `Results for ${query}`,
});

/** A model that searches with 1,000 input and 100 output tokens a request until it may call no tool. */
const costlyModel = () =>
  createScriptedModel((request) =>
    request.toolChoice?.type === 'none'
      ? { text: 'Answer.', usage: { inputTokens: 1_000, outputTokens: 100 } }
      : {
          toolCalls: [{ name: 'search', input: { query: 'more' } }],
          usage: { inputTokens: 1_000, outputTokens: 100 },
        },
  );

describe('token budgets at their edges', () => {
  it('room for exactly a round and an answer is enough; the answer comes when only one more request fits', async () => {
    const model = costlyModel();
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', tokenBudget: 3_300 }).result;

    // After one request 2,200 are left: a round and an answer fit. After two, 1,100: the answer only.
    expect(model.requests.map((request) => request.toolChoice)).toEqual([
      undefined,
      undefined,
      { type: 'none' },
    ]);
    expect(result).toMatchObject({ stopReason: 'budget_exceeded', iterations: 3, text: 'Answer.' });
  });

  it('does not replace the reason of a cap that asked for the last answer first', async () => {
    const model = costlyModel();
    // After the round the cap asks for the last answer; before it, 1,900 left would not hold a round and an answer.
    const result = await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      maxRounds: 1,
      tokenBudget: 3_000,
    }).result;

    expect(model.requests.map((request) => request.toolChoice)).toEqual([undefined, { type: 'none' }]);
    expect(result).toMatchObject({ stopReason: 'max_rounds', iterations: 2, text: 'Answer.' });
  });

  it('a first request is made while one token is left, and not when none is', async () => {
    const left = await runToolLoop({
      model: costlyModel(),
      tools: [search],
      prompt: 'Q',
      tokenBudget: { perSession: 10_000 },
      sessionTokens: 9_999,
    }).result;
    const { events, result: spent } = await collectRun(
      runToolLoop({
        model: costlyModel(),
        tools: [search],
        prompt: 'Q',
        tokenBudget: { perSession: 10_000 },
        sessionTokens: 10_000,
      }),
    );

    expect(left).toMatchObject({ stopReason: 'budget_exceeded', iterations: 1 });
    expect(spent).toMatchObject({ stopReason: 'budget_exceeded', iterations: 0 });
    expect(events).toContainEqual({
      type: 'error',
      code: 'budget_exceeded',
      message: 'Stopped: the budget of 10000 tokens per session is spent',
    });
  });

  it('names the budget with less room left: the session one here', async () => {
    const { events } = await collectRun(
      runToolLoop({
        model: costlyModel(),
        tools: [search],
        prompt: 'Q',
        tokenBudget: { perTurn: 100_000, perSession: 10_000 },
        sessionTokens: 7_000,
      }),
    );

    expect(events).toContainEqual({
      type: 'error',
      code: 'budget_exceeded',
      message: 'Stopped: the next request would pass the budget of 10000 tokens per session',
    });
  });

  it('names the turn budget when both have the same room left', async () => {
    const { events } = await collectRun(
      runToolLoop({
        model: costlyModel(),
        tools: [search],
        prompt: 'Q',
        tokenBudget: { perTurn: 3_000, perSession: 4_000 },
        sessionTokens: 1_000,
      }),
    );

    expect(events).toContainEqual({
      type: 'error',
      code: 'budget_exceeded',
      message: 'Stopped: the next request would pass the budget of 3000 tokens per turn',
    });
  });
});

/** A response that answers with this usage, cache tokens included (the scripted fields carry no cache counts). */
const answerWith = (usage: Usage) => ({
  parts: [
    { type: 'text-delta', text: 'Hi.' },
    { type: 'text', text: 'Hi.' },
    { type: 'finish', finishReason: 'end', usage },
  ] satisfies ModelStreamPart[],
});

describe('the cost of a turn', () => {
  it('prices cache reads and writes at their own prices', async () => {
    const model = createScriptedModel(
      answerWith({
        inputTokens: 1_000_000,
        outputTokens: 0,
        cacheReadTokens: 2_000_000,
        cacheWriteTokens: 1_000_000,
      }),
    );
    const result = await runToolLoop({
      model,
      prompt: 'Q',
      prices: {
        'scripted-model': {
          inputPerMillion: 3,
          outputPerMillion: 15,
          cacheReadPerMillion: 0.3,
          cacheWritePerMillion: 3.75,
        },
      },
    }).result;

    expect(result.cost).toEqual({ total: 7.35, turn: 7.35, statusLines: 0 });
  });

  it('prices cache tokens as input when the price names no cache price', async () => {
    const model = createScriptedModel(
      answerWith({
        inputTokens: 1_000_000,
        outputTokens: 1_000_000,
        cacheReadTokens: 1_000_000,
        cacheWriteTokens: 1_000_000,
      }),
    );
    const result = await runToolLoop({
      model,
      prompt: 'Q',
      prices: { 'scripted-model': { inputPerMillion: 2, outputPerMillion: 10 } },
    }).result;

    expect(result.cost).toEqual({ total: 16, turn: 16, statusLines: 0 });
  });

  it('rounds sums of small prices to a billionth', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'search', input: { query: 'a' } }], usage: { inputTokens: 1, outputTokens: 0 } },
      { text: 'Hi.', usage: { inputTokens: 2, outputTokens: 0 } },
    ]);
    const result = await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      prices: { 'scripted-model': { inputPerMillion: 100_000, outputPerMillion: 0 } },
    }).result;

    expect(result.cost).toEqual({ total: 0.3, turn: 0.3, statusLines: 0 });
  });

  it('is left out when a model that answered has no price: a partial sum would look cheaper than it was', async () => {
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'Hi.' }, { modelId: 'unpriced' }),
      prompt: 'Q',
      prices: { 'scripted-model': { inputPerMillion: 3, outputPerMillion: 15 } },
    }).result;

    expect(result.cost).toBeUndefined();
  });

  it('is left out when no price is given', async () => {
    const result = await runToolLoop({ model: createScriptedModel({ text: 'Hi.' }), prompt: 'Q' }).result;

    expect(result).not.toHaveProperty('cost');
  });

  it('prices the generated status lines at the status model’s price, apart from the turn', async () => {
    const statusRead = createDeferred();
    const scripted = createScriptedModel({
      text: 'Searching',
      usage: { inputTokens: 1_000_000, outputTokens: 0 },
    });
    // Resumes after the loop has read the status stream's last part, its usage included.
    const statusModel: Model = {
      provider: 'scripted',
      modelId: 'status-model',
      async *stream(request) {
        yield* scripted.stream(request);
        statusRead.resolve();
      },
    };
    const model = createScriptedModel([
      {
        toolCalls: [{ name: 'search', input: { query: 'a' } }],
        usage: { inputTokens: 1_000_000, outputTokens: 0 },
      },
      { text: 'Hi.', usage: { inputTokens: 0, outputTokens: 0 } },
    ]);
    // Runs until its status sentence has been read, so that the sentence's usage counts.
    const slowSearch = defineTool({
      name: 'search',
      inputSchema: z.object({ query: z.string() }),
      execute: async () => {
        await statusRead.promise;
        return 'found';
      },
    });
    const priced = await runToolLoop({
      model,
      statusModel,
      tools: [slowSearch],
      prompt: 'Q',
      prices: {
        'scripted-model': { inputPerMillion: 3, outputPerMillion: 15 },
        'status-model': { inputPerMillion: 1, outputPerMillion: 5 },
      },
    }).result;

    expect(priced.statusUsage.inputTokens).toBe(1_000_000);
    expect(priced.cost).toEqual({ total: 4, turn: 3, statusLines: 1 });
  });
});
