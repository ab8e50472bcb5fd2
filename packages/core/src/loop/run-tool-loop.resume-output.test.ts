import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HookError } from '../errors/hook-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { InvalidOutputError } from '../errors/invalid-output-error.js';
import type { Model } from '../model/model.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { createDeferred } from '../../test/deferred.js';
import type { PausedTurn } from './paused-turn.js';
import { runToolLoop } from './run-tool-loop.js';

const note = defineTool({ name: 'note', inputSchema: z.object({ id: z.string() }), execute: () => 'noted' });
const held = defineTool({
  name: 'held',
  inputSchema: z.object({}),
  needsApproval: true,
  execute: () => 'done',
});
const total = z.object({ total: z.number() });

describe('what a paused turn carries over', () => {
  it('its step, as onStepFinish will report it once the calls are handled, without tool calls', async () => {
    const paused = await runToolLoop({
      model: createScriptedModel([
        {
          text: 'Let me.',
          toolCalls: [{ id: 'h', name: 'held', input: {} }],
          usage: { inputTokens: 4, outputTokens: 2 },
        },
      ]),
      tools: [held],
      prompt: 'Q',
      system: 'Be brief.',
    }).result;

    expect(paused.pausedTurn?.pausedStep.step).toEqual({
      iteration: 1,
      round: 0,
      request: { system: 'Be brief.', toolNames: ['held'], messageCount: 1 },
      response: { text: 'Let me.', finishReason: 'tool_calls', toolCallCount: 1 },
      usage: { inputTokens: 4, outputTokens: 2 },
    });
  });

  it('the tokens of each model, for the cost', async () => {
    const prices = { 'scripted-model': { inputPerMillion: 1_000_000, outputPerMillion: 0 } };
    const paused = await runToolLoop({
      model: createScriptedModel([
        { toolCalls: [{ id: 'h', name: 'held', input: {} }], usage: { inputTokens: 2, outputTokens: 0 } },
      ]),
      tools: [held],
      prompt: 'Q',
      prices,
    }).result;
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'Done.', usage: { inputTokens: 3, outputTokens: 0 } }),
      tools: [held],
      prices,
      resume: { turn: paused.pausedTurn as PausedTurn, decisions: { h: { approved: true } } },
    }).result;

    expect(result.cost).toEqual({ total: 5, turn: 5, statusLines: 0 });
  });

  it('how often each call was made, for maxRepeatedCalls', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'note', input: { id: 'a' } }] },
      { toolCalls: [{ id: 'h', name: 'held', input: {} }] },
      { toolCalls: [{ name: 'note', input: { id: 'a' } }] },
      { text: 'Done.' },
    ]);
    const paused = await runToolLoop({ model, tools: [note, held], prompt: 'Q', maxRepeatedCalls: 1 }).result;
    const result = await runToolLoop({
      model,
      tools: [note, held],
      maxRepeatedCalls: 1,
      resume: { turn: paused.pausedTurn as PausedTurn, decisions: { h: { approved: true } } },
    }).result;

    expect(result.stopReason).toBe('no_progress');
  });

  it('takes a decision for every one of several waiting calls', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 'h1', name: 'held', input: {} },
          { id: 'h2', name: 'held', input: {} },
        ],
      },
      { text: 'Done.' },
    ]);
    const paused = await runToolLoop({ model, tools: [held], prompt: 'Q' }).result;
    const result = await runToolLoop({
      model,
      tools: [held],
      resume: {
        turn: paused.pausedTurn as PausedTurn,
        decisions: { h1: { approved: true }, h2: { approved: false } },
      },
    }).result;

    expect(result.toolCalls.map((call) => call.executed)).toEqual([true, false]);
  });

  it('refuses decisions that are not objects, and names no waiting call when none waits', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ id: 'h', name: 'held', input: {} }] },
      { text: 'never' },
    ]);
    const waiting = (await runToolLoop({ model, tools: [held], prompt: 'Q' }).result).pausedTurn;
    if (waiting === undefined) throw new Error('The turn did not pause.');
    const none = { ...waiting, pendingApprovals: [] } as PausedTurn;

    for (const decision of [null, 'yes', 1]) {
      expect(() =>
        runToolLoop({ model, tools: [held], resume: { turn: waiting, decisions: { h: decision as never } } }),
      ).toThrow(
        "Invalid option 'resume.decisions.h': expected { approved: true } or { approved: false, reason?: string }.",
      );
    }
    expect(() =>
      runToolLoop({ model, tools: [held], resume: { turn: none, decisions: { h: { approved: true } } } }),
    ).toThrow(
      "Invalid option 'resume.decisions': no call waits for approval with the id h; the calls that wait: (none).",
    );
  });
});

describe('approval rules and the end of the turn', () => {
  it('a turn aborted while a rule is asked ends aborted, not waiting for approval', async () => {
    const asked = createDeferred();
    const run = runToolLoop({
      model: createScriptedModel([{ toolCalls: [{ name: 'note', input: { id: 'a' } }] }]),
      tools: [note],
      prompt: 'Q',
      needsApproval: () => {
        asked.resolve();
        return new Promise<boolean>(() => undefined);
      },
    });
    await asked.promise;
    run.abort('leaving');
    const result = await run.result;

    expect(result.stopReason).toBe('aborted');
    expect(result).not.toHaveProperty('pendingApprovals');
  });

  it('a turn aborted while a rule is asked asks no rule for the calls after it, and answers each without running it', async () => {
    const asked: string[] = [];
    const run = runToolLoop({
      model: createScriptedModel([
        {
          toolCalls: [
            { name: 'note', input: { id: 'a' } },
            { name: 'note', input: { id: 'b' } },
          ],
        },
      ]),
      tools: [note],
      prompt: 'Q',
      needsApproval: ({ input }) => {
        asked.push((input as { id: string }).id);
        run.abort('leaving');
        return false;
      },
    });
    const { events, result } = await collectRun(run);

    expect(asked).toEqual(['a']);
    expect(result.stopReason).toBe('aborted');
    expect(result.toolCalls.map((call) => [call.name, call.executed])).toEqual([
      ['note', false],
      ['note', false],
    ]);
    expect(events.filter((event) => event.type === 'tool-result')).toHaveLength(2);
  });

  it('a rule that throws names itself in the HookError', async () => {
    const result = await runToolLoop({
      model: createScriptedModel([{ toolCalls: [{ name: 'note', input: { id: 'a' } }] }]),
      tools: [note],
      prompt: 'Q',
      needsApproval: () => {
        throw new Error('no policy');
      },
    }).result;

    expect(HookError.isInstance(result.error)).toBe(true);
    expect((result.error as HookError).hook).toBe('needsApproval');
  });
});

describe('output at its edges', () => {
  it('a refusal or a cut-off answer whose text is valid JSON is still not the output', async () => {
    for (const finishReason of ['refusal', 'max_tokens'] as const) {
      const model = createScriptedModel(
        { text: '{"total":1}', finishReason },
        { supportsStructuredOutput: true },
      );
      const result = await runToolLoop({ model, prompt: 'Q', output: total }).result;

      expect(result.stopReason).toBe(finishReason);
      expect(result).not.toHaveProperty('output');
    }
  });

  it('an answer with prose after its fence is not read as the fenced JSON', async () => {
    const model = createScriptedModel(
      [{ text: '```json\n{"total":3}\n```\nThat is all.' }, { text: '{"total":3}' }],
      { supportsStructuredOutput: true },
    );
    const result = await runToolLoop({ model, prompt: 'Q', output: total }).result;

    expect(result.iterations).toBe(2);
  });

  it('a fence whose language is followed by spaces is still a fence', async () => {
    const model = createScriptedModel(
      { text: '```json  \n{"total":3}\n```' },
      { supportsStructuredOutput: true },
    );
    const result = await runToolLoop({ model, prompt: 'Q', output: total }).result;

    expect(result).toMatchObject({ iterations: 1, output: { total: 3 } });
  });

  it('lists every issue, in the repair request and in the error, and sends no repair request after the last', async () => {
    const two = z.object({ a: z.number(), b: z.number() });
    const model = createScriptedModel([{ text: '{}' }, { text: '{}' }], { supportsStructuredOutput: true });
    const { events, result } = await collectRun(runToolLoop({ model, prompt: 'Q', output: two }));

    expect(result.stopReason).toBe('invalid_output');
    expect(model.requests[1]?.messages.at(-1)?.content).toBe(
      'Your answer does not match the required output format: /a: Invalid input: expected number, received undefined; /b: Invalid input: expected number, received undefined. Reply with only the corrected JSON value, nothing else.',
    );
    expect(result.error?.message).toContain('/a: Invalid input: expected number, received undefined; /b:');
    expect(result.messages.at(-1)?.role).toBe('assistant');
    expect(events).toContainEqual({
      type: 'error',
      code: 'invalid_output',
      message:
        'Stopped: the answer did not match the output schema after one repair request (/a: Invalid input: expected number, received undefined; /b: Invalid input: expected number, received undefined)',
    });
  });

  it('a final answer whose value is missing twice fails with an empty text; null is missing too', async () => {
    const model = createScriptedModel([
      {
        parts: [
          { type: 'tool-call', id: 'f1', name: 'final_answer', input: null },
          { type: 'finish', finishReason: 'tool_calls', usage: { inputTokens: 1, outputTokens: 1 } },
        ],
      },
      { toolCalls: [{ name: 'final_answer', input: { other: 1 } }] },
    ]);
    const result = await runToolLoop({ model, prompt: 'Q', output: z.string() }).result;

    expect(result.stopReason).toBe('invalid_output');
    expect((result.error as InvalidOutputError).text).toBe('');
    expect((result.error as InvalidOutputError).issues).toEqual(['/value: the answer is missing']);
  });

  it('after a cap, an invalid final answer leaves the response’s text as the answer', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'note', input: { id: 'a' } }] },
      { text: 'Here it is.', toolCalls: [{ name: 'final_answer', input: { total: 'many' } }] },
    ]);
    const result = await runToolLoop({ model, tools: [note], prompt: 'Q', output: total, maxRounds: 1 })
      .result;

    expect(result).toMatchObject({ stopReason: 'max_rounds', text: 'Here it is.' });
  });

  it('an output option of null is refused as an option', () => {
    let error: unknown;
    try {
      runToolLoop({ model: createScriptedModel({ text: 'x' }), prompt: 'Q', output: null as never });
    } catch (thrown) {
      error = thrown;
    }

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
  });
});

describe('the cost with a status model', () => {
  const search = defineTool({ name: 'search', inputSchema: z.object({}), execute: () => 'hit' });
  const turnModel = () =>
    createScriptedModel([
      { toolCalls: [{ name: 'search', input: {} }], usage: { inputTokens: 1_000_000, outputTokens: 0 } },
      { text: 'Done.', usage: { inputTokens: 0, outputTokens: 0 } },
    ]);
  const prices = { 'scripted-model': { inputPerMillion: 2, outputPerMillion: 0 } };

  it('is the turn’s alone when the unpriced status model was not asked', async () => {
    const result = await runToolLoop({
      model: turnModel(),
      statusModel: createScriptedModel({ text: 'x' }, { modelId: 'unpriced' }),
      statusMessages: 'template',
      tools: [search],
      prompt: 'Q',
      prices,
    }).result;

    expect(result.cost).toEqual({ total: 2, turn: 2, statusLines: 0 });
  });

  it('is left out when the unpriced status model was asked', async () => {
    const statusRead = createDeferred();
    const scripted = createScriptedModel({ text: 'Searching', usage: { inputTokens: 5, outputTokens: 5 } });
    const statusModel: Model = {
      provider: 'scripted',
      modelId: 'unpriced',
      async *stream(request) {
        yield* scripted.stream(request);
        statusRead.resolve();
      },
    };
    const waiting = defineTool({
      name: 'search',
      inputSchema: z.object({}),
      execute: async () => {
        await statusRead.promise;
        return 'hit';
      },
    });
    const result = await runToolLoop({
      model: turnModel(),
      statusModel,
      tools: [waiting],
      prompt: 'Q',
      prices,
    }).result;

    expect(result.statusUsage).toEqual({ inputTokens: 5, outputTokens: 5 });
    expect(result.cost).toBeUndefined();
  });

  it('is left out of a turn that made no request and named no price', async () => {
    const result = await runToolLoop({
      model: createScriptedModel({ text: 'never asked' }),
      prompt: 'Q',
      tokenBudget: { perSession: 1 },
      sessionTokens: 1,
    }).result;

    expect(result).not.toHaveProperty('cost');
  });
});
