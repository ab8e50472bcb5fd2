import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonValue } from '../json-value.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { runToolLoop } from './run-tool-loop.js';

const writes: string[] = [];
const writeFile = defineTool({
  name: 'write_file',
  inputSchema: z.object({ path: z.string(), text: z.string() }),
  execute: ({ path }) => {
    writes.push(path);
    return 'written';
  },
});
const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `Results for ${query}`,
});

/** A model that writes the same file again and again until it may call no tool, then answers. */
const stuckModel = () =>
  createScriptedModel((request) =>
    request.toolChoice?.type === 'none'
      ? { text: 'I kept writing the same file; here is where it stands.' }
      : { toolCalls: [{ name: 'write_file', input: { text: 'same', path: 'a.txt' } }] },
  );

describe('no_progress', () => {
  it('the same tool with the same input beyond maxRepeatedCalls is refused, and one last answer ends the turn', async () => {
    writes.length = 0;
    const model = stuckModel();
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [writeFile], prompt: 'Write a.txt', maxRepeatedCalls: 2 }),
    );

    expect(writes).toEqual(['a.txt', 'a.txt']);
    expect(result).toMatchObject({
      stopReason: 'no_progress',
      text: 'I kept writing the same file; here is where it stands.',
      rounds: 3,
    });
    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, true, false]);
    expect(result.toolCalls[2]?.output.content).toEqual([
      {
        type: 'text',
        text: "Not executed: 'write_file' was already called 2 times with the same input in this turn, so the loop is making no progress. Answer with the information you already have.",
      },
    ]);
    expect(events).toContainEqual({
      type: 'error',
      code: 'no_progress',
      message: 'Stopped: the same call of write_file was repeated more than 2 times',
    });
  });

  it('successful calls count too: the counter is about repetition, not errors', async () => {
    const result = await runToolLoop({
      model: stuckModel(),
      tools: [writeFile],
      prompt: 'Write',
      maxRepeatedCalls: 3,
    }).result;

    expect(result.stopReason).toBe('no_progress');
    expect(result.toolCalls.filter((call) => call.executed)).toHaveLength(3);
  });

  it('the same input in another key order is the same call; another input is not', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'write_file', input: { path: 'a.txt', text: 'x' } }] },
      { toolCalls: [{ name: 'write_file', input: { text: 'y', path: 'a.txt' } }] },
      { toolCalls: [{ name: 'write_file', input: { text: 'x', path: 'a.txt' } }] },
      { text: 'Done.' },
    ]);
    const result = await runToolLoop({ model, tools: [writeFile], prompt: 'W', maxRepeatedCalls: 1 }).result;

    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, true, false]);
    expect(result.stopReason).toBe('no_progress');
  });

  it('the same text answered more than maxRepeatedText times in a row ends the turn the same way', async () => {
    const model = createScriptedModel((request) =>
      request.toolChoice?.type === 'none'
        ? { text: 'Final.' }
        : {
            text: 'Let me look that up.',
            toolCalls: [{ name: 'search', input: { query: `q${request.messages.length}` } }],
          },
    );
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [search], prompt: 'Q', maxRepeatedText: 2 }),
    );

    expect(result).toMatchObject({ stopReason: 'no_progress', text: 'Final.' });
    expect(events).toContainEqual({
      type: 'error',
      code: 'no_progress',
      message: 'Stopped: the model gave the same text 3 times in a row',
    });
    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, true, false]);
    expect(result.toolCalls[2]?.output.content).toEqual([
      {
        type: 'text',
        text: 'Not executed: your response repeated the one before it word for word twice, so the loop is making no progress. Answer with the information you already have.',
      },
    ]);
  });

  it.each([
    [1, 'once'],
    [3, '3 times'],
  ])('with maxRepeatedText %i the refused call says the text came back %s', async (limit, times) => {
    const model = createScriptedModel((request) =>
      request.toolChoice?.type === 'none'
        ? { text: 'Final.' }
        : {
            text: 'Again.',
            toolCalls: [{ name: 'search', input: { query: `q${request.messages.length}` } }],
          },
    );
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', maxRepeatedText: limit }).result;

    expect(JSON.stringify(result.toolCalls.at(-1)?.output)).toContain(`word for word ${times},`);
  });

  it.each<[string, JsonValue, JsonValue, boolean]>([
    ['holding null', { query: 'a', page: null }, { query: 'a', page: null }, true],
    ['a list and an object with the same entries', { query: ['a'] }, { query: { 0: 'a' } }, false],
    ['that have no JSON form', { query: 1n } as never, { query: 2n } as never, false],
  ])('inputs %s: is the second call a repeat? %s', async (_case, firstInput, secondInput, repeated) => {
    const anything = defineTool({ name: 'anything', inputSchema: { type: 'object' }, execute: () => 'ok' });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'anything', input: firstInput }] },
      { toolCalls: [{ name: 'anything', input: secondInput }] },
      { text: 'Done.' },
    ]);
    const result = await runToolLoop({ model, tools: [anything], prompt: 'Q', maxRepeatedCalls: 1 }).result;

    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, !repeated]);
    expect(result.stopReason).toBe(repeated ? 'no_progress' : 'completed');
  });

  it('the same text split into other blocks is the same text', async () => {
    const finish = {
      type: 'finish',
      finishReason: 'tool_calls',
      usage: { inputTokens: 1, outputTokens: 1 },
    } as const;
    const searchPart = (id: string, query: string) =>
      ({ type: 'tool-call', id, name: 'search', input: { query } }) as const;
    const model = createScriptedModel([
      { parts: [{ type: 'text', text: 'Let me look.' }, searchPart('c1', 'a'), finish] },
      {
        parts: [
          { type: 'text', text: 'Let me ' },
          { type: 'text', text: 'look.' },
          searchPart('c2', 'b'),
          finish,
        ],
      },
      { text: 'Final.' },
    ]);
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', maxRepeatedText: 1 }).result;

    expect(result).toMatchObject({ stopReason: 'no_progress', text: 'Final.' });
    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, false]);
  });

  it('is off unless asked for', async () => {
    const result = await runToolLoop({
      model: stuckModel(),
      tools: [writeFile],
      prompt: 'W',
      maxIterations: 4,
    }).result;

    expect(result.stopReason).toBe('max_iterations');
  });
});

describe('budget_exceeded', () => {
  /** A model that searches with 1,000 input and 100 output tokens a request until it may call no tool. */
  const costlyModel = () =>
    createScriptedModel((request) =>
      request.toolChoice?.type === 'none'
        ? { text: 'Answer within the budget.', usage: { inputTokens: 1_000, outputTokens: 100 } }
        : {
            toolCalls: [{ name: 'search', input: { query: 'more' } }],
            usage: { inputTokens: 1_000, outputTokens: 100 },
          },
    );

  it('a turn budget ends the turn before a request would pass it, with one last answer while there is room', async () => {
    const model = costlyModel();
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [search], prompt: 'Q', tokenBudget: 4_000 }),
    );

    // 1,100 a request: after two (2,200), a third and an answer (4,400) would not fit; the third is the answer.
    expect(result).toMatchObject({
      stopReason: 'budget_exceeded',
      text: 'Answer within the budget.',
      iterations: 3,
      usage: { inputTokens: 3_000, outputTokens: 300 },
    });
    expect(model.requests.at(-1)?.toolChoice).toEqual({ type: 'none' });
    expect(events).toContainEqual({
      type: 'error',
      code: 'budget_exceeded',
      message: 'Stopped: the next request would pass the budget of 4000 tokens per turn',
    });
  });

  it('with no room even for an answer, the turn stops without another request', async () => {
    const model = costlyModel();
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', tokenBudget: 2_000 }).result;

    expect(result).toMatchObject({ stopReason: 'budget_exceeded', iterations: 1 });
  });

  it('a session budget counts the tokens already used in the session, and reports the new total', async () => {
    const model = costlyModel();
    const result = await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      tokenBudget: { perSession: 10_000 },
      sessionTokens: 6_000,
    }).result;

    // 4,000 left: as in the turn budget above, two requests, then the answer.
    expect(result).toMatchObject({ stopReason: 'budget_exceeded', iterations: 3, sessionTokens: 9_300 });
  });

  it('a session whose budget is spent makes no request at all', async () => {
    const model = costlyModel();
    const result = await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      tokenBudget: { perSession: 10_000 },
      sessionTokens: 10_000,
    }).result;

    expect(result).toMatchObject({ stopReason: 'budget_exceeded', iterations: 0, sessionTokens: 10_000 });
    expect(model.requests).toHaveLength(0);
  });

  it('prices turn the tokens into a cost, the status lines apart', async () => {
    const model = createScriptedModel({
      text: 'Hi.',
      usage: { inputTokens: 2_000_000, outputTokens: 1_000_000 },
    });
    const result = await runToolLoop({
      model,
      prompt: 'Q',
      prices: { 'scripted-model': { inputPerMillion: 3, outputPerMillion: 15 } },
    }).result;

    expect(result.cost).toEqual({ total: 21, turn: 21, statusLines: 0 });
  });
});
