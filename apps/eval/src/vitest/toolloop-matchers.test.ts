import { defineTool, runToolLoop, type LoopResult } from '@toolloop/core';
import { createScriptedModel, type ScriptedResponse } from '@toolloop/core/testing';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolloopMatchers } from './toolloop-matchers.js';

expect.extend(toolloopMatchers);

const search = defineTool({
  name: 'search',
  description: 'Searches the knowledge base',
  inputSchema: z.object({ query: z.string(), limit: z.number().optional() }),
  execute: ({ query }) => `3 articles about ${query}`,
});

const refund = defineTool({
  name: 'refund',
  description: 'Refunds an order',
  inputSchema: z.object({ orderId: z.string() }),
  execute: () => {
    throw new Error('refunds are closed');
  },
});

/** A turn whose model answers from the list, with `search` and `refund` as its tools. */
async function runTurn(script: ScriptedResponse[], limits: { maxRounds?: number } = {}): Promise<LoopResult> {
  const model = createScriptedModel(script);
  return runToolLoop({ model, tools: [search, refund], prompt: 'Help me', ...limits }).result;
}

/** Searches for "refund", then tries a refund that fails, then answers. */
const searchThenRefund = (): Promise<LoopResult> =>
  runTurn([
    { toolCalls: [{ name: 'search', input: { query: 'refund', limit: 3 } }] },
    { toolCalls: [{ name: 'refund', input: { orderId: 'A-1' } }] },
    { text: 'I could not refund it.' },
  ]);

/** The error a failing assertion throws. */
function failureOf(assertion: () => void): { message: string; expected?: unknown; actual?: unknown } {
  try {
    assertion();
  } catch (error) {
    return error as { message: string; expected?: unknown; actual?: unknown };
  }
  throw new Error('the assertion passed');
}

describe('toStopWith', () => {
  it('passes for the stop reason of the turn, and .not for any other', async () => {
    const result = await runTurn(
      [{ toolCalls: [{ name: 'search', input: { query: 'a' } }] }, { text: 'Done.' }],
      {
        maxRounds: 1,
      },
    );

    expect(result).toStopWith('max_rounds');
    expect(result).not.toStopWith('completed');
  });

  it('fails with both stop reasons as expected and actual', async () => {
    const result = await runTurn([{ text: 'Hi.' }]);

    expect(failureOf(() => expect(result).toStopWith('max_rounds'))).toMatchObject({
      message: "expected the loop to stop with 'max_rounds', it stopped with 'completed'",
      expected: 'max_rounds',
      actual: 'completed',
    });
    expect(failureOf(() => expect(result).not.toStopWith('completed')).message).toBe(
      "expected the loop not to stop with 'completed', it did",
    );
  });

  it("adds the turn's error when there is one", async () => {
    const result = await runTurn([{ error: new Error('the provider is down') }]);

    expect(failureOf(() => expect(result).toStopWith('completed')).message).toMatch(
      /^expected the loop to stop with 'completed', it stopped with 'model_error' \(\w+: .*the provider is down/,
    );
  });

  it('refuses an unknown stop reason and a value that is not a loop result, saying what it takes', async () => {
    const result = await runTurn([{ text: 'Hi.' }]);
    const run = runToolLoop({ model: createScriptedModel({ text: 'Hi.' }), prompt: 'Hi' });
    await run.result;

    expect(() => expect(result).toStopWith('max_round')).toThrow(
      "toStopWith got the unknown stop reason 'max_round'. Stop reasons: completed, max_rounds,",
    );
    expect(() => expect(run).toStopWith('completed')).toThrow(
      'toStopWith expects a LoopResult (what `run.result` resolves to) or another value with `stopReason` and `toolCalls`; got a run; pass `await run.result` instead.',
    );
    expect(() => {
      expect(undefined).toStopWith('completed');
    }).toThrow('; got undefined.');
  });
});

describe('toHaveToolCalls', () => {
  it('strict (the default): the same calls in the same order, inputs compared partially', async () => {
    const result = await searchThenRefund();

    expect(result).toHaveToolCalls([{ name: 'search', input: { query: 'refund' } }, { name: 'refund' }]);
    expect(result).not.toHaveToolCalls([{ name: 'refund' }, { name: 'search' }]);
    expect(result).not.toHaveToolCalls([{ name: 'search' }]);
  });

  it('unordered: the same calls in any order', async () => {
    const result = await searchThenRefund();

    expect(result).toHaveToolCalls([{ name: 'refund' }, { name: 'search' }], { order: 'unordered' });
    expect(result).not.toHaveToolCalls([{ name: 'refund' }], { order: 'unordered' });
  });

  it('subset: the expected calls are among the calls made', async () => {
    const result = await searchThenRefund();

    expect(result).toHaveToolCalls([{ name: 'refund', isError: true }], { order: 'subset' });
    expect(result).not.toHaveToolCalls([{ name: 'refund' }, { name: 'refund' }], { order: 'subset' });
    expect(result).not.toHaveToolCalls([{ name: 'lookup' }], { order: 'subset' });
  });

  it('superset: every call made is among the expected calls', async () => {
    const result = await searchThenRefund();

    expect(result).toHaveToolCalls([{ name: 'lookup' }, { name: 'refund' }, { name: 'search' }], {
      order: 'superset',
    });
    expect(result).not.toHaveToolCalls([{ name: 'search' }, { name: 'lookup' }], { order: 'superset' });
  });

  it('args: exact compares whole inputs, ignore skips them', async () => {
    const result = await searchThenRefund();
    const calls = [{ name: 'search', input: { query: 'refund' } }, { name: 'refund' }];

    expect(result).not.toHaveToolCalls(calls, { args: 'exact' });
    expect(result).toHaveToolCalls(
      [{ name: 'search', input: { limit: 3, query: 'refund' } }, { name: 'refund' }],
      {
        args: 'exact',
      },
    );
    expect(result).toHaveToolCalls([{ name: 'search', input: { query: 'other' } }, { name: 'refund' }], {
      args: 'ignore',
    });
  });

  it('an empty list expects no tool call', async () => {
    expect(await runTurn([{ text: 'Hi.' }])).toHaveToolCalls([]);
    expect(await searchThenRefund()).not.toHaveToolCalls([]);
  });

  it('fails with the mismatch and a diff of the compared fields only', async () => {
    const result = await searchThenRefund();

    expect(
      failureOf(() =>
        expect(result).toHaveToolCalls([{ name: 'search', input: { query: 'refunds' } }, { name: 'refund' }]),
      ),
    ).toMatchObject({
      message:
        'expected tool call #1 \'search\' to have at least the given input, got {"query":"refund","limit":3} (order: strict, args: partial)',
      expected: [{ name: 'search', input: { query: 'refunds' } }, { name: 'refund' }],
      actual: [
        { name: 'search', input: { query: 'refund', limit: 3 } },
        { name: 'refund', input: { orderId: 'A-1' } },
      ],
    });
    expect(
      failureOf(() => expect(result).toHaveToolCalls([{ name: 'search' }], { order: 'superset' })),
    ).toMatchObject({
      message: 'a tool call was made that is not among the expected ones (order: superset, args: partial)',
      actual: [{ name: 'search' }, { name: 'refund' }],
    });
    expect(
      failureOf(() => expect(result).not.toHaveToolCalls([{ name: 'refund' }], { order: 'subset' })).message,
    ).toBe('expected the tool calls not to match these (order: subset, args: partial), they did');
  });

  it('refuses an unknown order or args mode', async () => {
    const result = await searchThenRefund();

    expect(() => expect(result).toHaveToolCalls([], { order: 'any' as 'strict' })).toThrow(
      "toHaveToolCalls got order 'any'; use one of strict, unordered, subset, superset.",
    );
    expect(() => expect(result).toHaveToolCalls([], { args: 'loose' as 'exact' })).toThrow(
      "toHaveToolCalls got args 'loose'; use one of partial, exact, ignore.",
    );
  });
});

describe('toHaveCalledTool', () => {
  it('passes when the tool was called, with an input containing the one given', async () => {
    const result = await searchThenRefund();

    expect(result).toHaveCalledTool('refund');
    expect(result).toHaveCalledTool('search', { query: 'refund' });
    expect(result).not.toHaveCalledTool('search', { query: 'shipping' });
    expect(result).not.toHaveCalledTool('lookup');
  });

  it('fails naming the calls made, with a diff against the calls of that tool', async () => {
    const result = await searchThenRefund();

    expect(failureOf(() => expect(result).toHaveCalledTool('search', { query: 'shipping' }))).toMatchObject({
      message:
        'expected a call to \'search\' with input containing {"query":"shipping"}, the loop called search, refund',
      expected: [{ name: 'search', input: { query: 'shipping' } }],
      actual: [{ name: 'search', input: { query: 'refund', limit: 3 } }],
    });
    expect(failureOf(() => expect(result).not.toHaveCalledTool('refund')).message).toBe(
      "expected no call to 'refund', the loop made one",
    );
    expect(failureOf(() => expect(result).toHaveCalledTool('lookup')).message).toBe(
      "expected a call to 'lookup', the loop called search, refund",
    );
  });

  it('says when the loop made no tool call at all', async () => {
    const result = await runTurn([{ text: 'Hi.' }]);

    expect(failureOf(() => expect(result).toHaveCalledTool('search')).message).toBe(
      "expected a call to 'search', the loop made no tool call",
    );
  });
});

describe('the matchers as asymmetric matchers', () => {
  it('match a loop result inside another value', async () => {
    const result = await runTurn([{ text: 'Hi.' }]);

    const stoppedCompleted: unknown = expect.toStopWith('completed');

    expect({ turn: result }).toEqual({ turn: stoppedCompleted });
    expect({ turn: result }).not.toEqual({ turn: expect.toStopWith('max_rounds') as unknown });
  });
});

describe('toSatisfyJudge', () => {
  it("has the judge read the turn's prompt, calls, results and answer, and passes at the threshold (and .not below it)", async () => {
    const result = await searchThenRefund();
    const judge = createScriptedModel({ text: '{"score":4,"reasons":"Says the refund failed."}' });

    await expect(result).toSatisfyJudge({ rubric: 'Honest about the refund.', model: judge });
    await expect(result).not.toSatisfyJudge({
      rubric: 'Honest about the refund.',
      model: judge,
      threshold: 5,
    });
    const sent = JSON.stringify(judge.requests[0]?.messages);
    expect(sent).toContain('[user] Help me');
    expect(sent).toContain('[result of refund, failed]');
    expect(sent).toContain('I could not refund it.');
  });

  it("fails below the threshold with the score and the judge's reasons", async () => {
    const result = await searchThenRefund();
    const judge = createScriptedModel({ text: '{"score":2,"reasons":"It does not say why."}' });

    await expect(expect(result).toSatisfyJudge({ rubric: 'Says why.', model: judge })).rejects.toThrow(
      'expected the turn to satisfy the judge (Says why.), but the judge scored 2 of 5 (threshold 4): It does not say why.',
    );
  });

  it('fails either way when the judge cannot grade, and refuses options that can never pass', async () => {
    const result = await searchThenRefund();
    const broken = createScriptedModel({ error: new Error('401 invalid x-api-key') });

    await expect(expect(result).not.toSatisfyJudge({ rubric: 'Says why.', model: broken })).rejects.toThrow(
      /^toSatisfyJudge: the judge could not grade the turn: the judge gave no valid answer/u,
    );
    const judge = createScriptedModel({ text: '{"score":5,"reasons":"Fine."}' });
    await expect(
      expect(result).toSatisfyJudge({ rubric: 'Says why.', model: judge, threshold: 10 }),
    ).rejects.toThrow(
      'toSatisfyJudge got options that can never pass: threshold: the threshold must be within the scale (1 to 5)',
    );
    await expect(
      expect(result).toSatisfyJudge({ rubric: 'Says why.', model: judge, minScore: 75 }),
    ).rejects.toThrow('toSatisfyJudge got minScore 75: it is a fraction of the scale, from 0 to 1.');
    expect(judge.requests).toEqual([]);
  });

  it('grades live once into its recording, then offline from it, and fails when the turn it reads changed', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-judge-recording-'));
    const recording = join(directory, 'refund.judge.json');
    try {
      const result = await searchThenRefund();
      const live = createScriptedModel({ text: '{"score":4,"reasons":"Says the refund failed."}' });
      await expect(result).toSatisfyJudge({ rubric: 'Honest about the refund.', model: live, recording });
      const written = JSON.parse(await readFile(recording, 'utf8')) as { score: number; prompt: string };
      expect(written).toMatchObject({ format: 'toolloop-judge-recording', score: 4 });
      expect(written.prompt).toContain('[result of refund, failed]');

      // Offline: a judge that would fail every request is never asked.
      const offline = createScriptedModel({ error: new Error('401 invalid x-api-key') });
      await expect(result).toSatisfyJudge({ rubric: 'Honest about the refund.', model: offline, recording });
      await expect(result).not.toSatisfyJudge({
        rubric: 'Honest about the refund.',
        model: offline,
        recording,
        threshold: 5,
      });
      expect(offline.requests).toEqual([]);

      await expect(
        expect(result).toSatisfyJudge({ rubric: 'Honest about the money.', model: offline, recording }),
      ).rejects.toThrow(
        `toSatisfyJudge: the judge's request drifted from its recording ${recording}: its request (the rubric, and the turn it reads) differs from the recorded one at line 2: now "Honest about the money.", recorded "Honest about the refund.". Grade it again with update: true, or delete the file.`,
      );

      const regrader = createScriptedModel({ text: '{"score":5,"reasons":"Plain about the money."}' });
      await expect(result).toSatisfyJudge({
        rubric: 'Honest about the money.',
        model: regrader,
        recording,
        update: true,
      });
      expect(regrader.requests).toHaveLength(1);
      expect(JSON.parse(await readFile(recording, 'utf8'))).toMatchObject({ score: 5 });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
