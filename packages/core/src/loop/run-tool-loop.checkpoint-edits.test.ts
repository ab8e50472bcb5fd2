import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pausedTurnV1Cases } from '../../test/loop/paused-turn-v1-cases.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { defineTool } from '../tools/define-tool.js';
import type { Usage } from '../model/usage.js';
import { runToolLoop } from './run-tool-loop.js';
import type { TurnCheckpoint } from './turn-checkpoint.js';
import type { ToolLoopOptions } from './tool-loop-options.js';

// What a checkpoint edited by hand, cut short or written by a buggy store does on resume: each field the loop
// reads is refused naming it (and what it held), each feature's slice is read leniently, and what is valid is
// resumed as it was saved.

const ok = defineTool({ name: 'ok', inputSchema: { type: 'object' }, execute: () => 'fine' });
const held = defineTool({
  name: 'held',
  inputSchema: { type: 'object' },
  needsApproval: true,
  execute: () => 'ran',
});

const script = () =>
  createScriptedModel([
    { toolCalls: [{ id: 'a', name: 'ok', input: {} }] },
    { toolCalls: [{ id: 'b', name: 'ok', input: { n: 1 } }] },
    { text: 'Done.' },
  ]);

/** The checkpoints a turn leaves, one after each round. */
async function checkpointsOf(options: Omit<ToolLoopOptions, 'onCheckpoint'>): Promise<TurnCheckpoint[]> {
  const checkpoints: TurnCheckpoint[] = [];
  await runToolLoop({
    ...options,
    onCheckpoint: (checkpoint) => {
      checkpoints.push(checkpoint);
    },
  }).result;
  return checkpoints;
}

async function firstCheckpoint(): Promise<TurnCheckpoint> {
  const [first] = await checkpointsOf({ model: script(), tools: [ok], prompt: 'Go.' });
  if (first === undefined) throw new Error('The turn left no checkpoint.');
  return first;
}

async function pausedTurn() {
  const { pausedTurn } = await runToolLoop({
    model: createScriptedModel([{ toolCalls: [{ id: 'h', name: 'held', input: {} }] }, { text: 'Done.' }]),
    tools: [held],
    prompt: 'Q',
  }).result;
  if (pausedTurn === undefined) throw new Error('The turn did not pause.');
  return pausedTurn;
}

const integer = 'an integer of at least 0';
const milliseconds = 'a number of milliseconds of at least 0';
const tokenCounts = 'token counts such as { inputTokens: 10, outputTokens: 2 }';
const pair = 'a [model id, usage] pair';
const recordedCall = 'a recorded call { toolCallId, name, input, output, isError, executed, round }';
const anObject = 'an object without them';
const usage = { inputTokens: 3, outputTokens: 1 };

describe('a checkpoint edited by hand', () => {
  // A state field, what it is set to, the field the error names, how the error shows the value, what it expected.
  const refused: Array<[string, unknown, string, string, string]> = [
    ['iterations', 1.5, 'iterations', '1.5', integer],
    ['rounds', -1, 'rounds', '-1', integer],
    ['lastRequestTokens', null, 'lastRequestTokens', 'null', integer],
    ['sessionTokens', true, 'sessionTokens', 'true', integer],
    ['iterations', () => 1, 'iterations', 'function', integer],
    ['elapsedMs', Number.POSITIVE_INFINITY, 'elapsedMs', 'Infinity', milliseconds],
    ['elapsedMs', '5', 'elapsedMs', '"5"', milliseconds],
    // Shown whole up to 40 characters, cut after.
    ['elapsedMs', 'x'.repeat(38), 'elapsedMs', `"${'x'.repeat(38)}"`, milliseconds],
    ['elapsedMs', 'y'.repeat(39), 'elapsedMs', `"${'y'.repeat(36)}...`, milliseconds],
    ['usage', null, 'usage', 'null', tokenCounts],
    ['usage', { outputTokens: 1 }, 'usage', anObject, tokenCounts],
    ['usage', { inputTokens: 1 }, 'usage', anObject, tokenCounts],
    [
      'statusUsage',
      { ...usage, cacheReadTokens: Number.POSITIVE_INFINITY },
      'statusUsage',
      anObject,
      tokenCounts,
    ],
    ['statusUsage', { ...usage, cacheReadTokens: -1 }, 'statusUsage', anObject, tokenCounts],
    ['statusUsage', { ...usage, cacheReadTokens: '2' }, 'statusUsage', anObject, tokenCounts],
    ['usageByModel', undefined, 'usageByModel', 'nothing', 'a list of [model id, usage] pairs'],
    ['usageByModel', [{ 0: 'model', 1: usage }], 'usageByModel[0]', anObject, pair],
    ['usageByModel', [[1, usage]], 'usageByModel[0]', 'a list of 2', pair],
    ['usageByModel', [['model', {}]], 'usageByModel[0]', 'a list of 2', pair],
    ['toolCalls', 'none', 'toolCalls', '"none"', 'a list of the tool calls the turn recorded'],
    ['text', 7, 'text', '7', 'a string'],
    ['answerPaused', 'no', 'answerPaused', '"no"', 'true or false'],
    [
      'finalAnswerFor',
      null,
      'finalAnswerFor',
      'null',
      "a stop reason and its detail, such as { reason: 'max_rounds' }",
    ],
    [
      'finalAnswerFor',
      { detail: 'ten rounds' },
      'finalAnswerFor',
      anObject,
      "a stop reason and its detail, such as { reason: 'max_rounds' }",
    ],
    [
      'finalAnswerFor',
      { reason: 'Not a reason!' },
      'finalAnswerFor.reason',
      '"Not a reason!"',
      'a stop reason (snake_case)',
    ],
    ['finalAnswerFor', { reason: 'max_rounds', detail: 3 }, 'finalAnswerFor.detail', '3', 'a string'],
  ];

  it.each(refused)('state.%s = %j is refused', async (field, value, named, shown, expected) => {
    const first = await firstCheckpoint();
    const edited = { ...first, state: { ...first.state, [field]: value } } as TurnCheckpoint;

    expect(() => runToolLoop({ model: script(), tools: [ok], resume: { turn: edited } })).toThrow(
      new InvalidArgumentError({
        argument: `resume.turn.state.${named}`,
        message: `expected ${expected}, got ${shown}.`,
      }),
    );
  });

  // Each part of a recorded call the loop reads, missing or of the wrong kind.
  const calls: Array<[string, (call: Record<string, unknown>) => unknown, string]> = [
    ['a string', () => 'a', '"a"'],
    ['null', () => null, 'null'],
    ['no id', ({ toolCallId: _id, ...rest }) => rest, anObject],
    ['a name that is a number', (call) => ({ ...call, name: 5 }), anObject],
    ['an output that is text', (call) => ({ ...call, output: 'fine' }), anObject],
    ['isError as text', (call) => ({ ...call, isError: 'no' }), anObject],
    ['executed as text', (call) => ({ ...call, executed: 'yes' }), anObject],
    ['a round that is not whole', (call) => ({ ...call, round: 0.5 }), anObject],
  ];

  it.each(calls)('a recorded call with %s is refused', async (_kind, edit, shown) => {
    const first = await firstCheckpoint();
    const [call] = first.state.toolCalls;
    const edited = {
      ...first,
      state: { ...first.state, toolCalls: [edit(call as unknown as Record<string, unknown>)] },
    } as TurnCheckpoint;

    expect(() => runToolLoop({ model: script(), tools: [ok], resume: { turn: edited } })).toThrow(
      new InvalidArgumentError({
        argument: 'resume.turn.state.toolCalls[0]',
        message: `expected ${recordedCall}, got ${shown}.`,
      }),
    );
  });

  // A paused turn's parts: what was edited, the part the error names, how it shows the value, what it expected.
  const step = 'the step as onStepFinish reports it { iteration, round, request, response, usage }';
  const pausedEdits: Array<[string, (turn: TurnCheckpoint) => unknown, string, string, string]> = [
    [
      'a waiting call that is text',
      (turn) => ({ ...turn, pendingApprovals: ['h'] }),
      'pendingApprovals[0]',
      '"h"',
      'a call that waits { toolCallId, name, input }',
    ],
    [
      'a waiting call whose id is a number',
      (turn) => ({ ...turn, pendingApprovals: [{ toolCallId: 5, name: 'held', input: {} }] }),
      'pendingApprovals[0]',
      anObject,
      'a call that waits { toolCallId, name, input }',
    ],
    [
      'a waiting call without a name',
      (turn) => ({ ...turn, pendingApprovals: [{ toolCallId: 'h', input: {} }] }),
      'pendingApprovals[0]',
      anObject,
      'a call that waits { toolCallId, name, input }',
    ],
    [
      'a waiting call without its input',
      (turn) => ({ ...turn, pendingApprovals: [{ toolCallId: 'h', name: 'held' }] }),
      'pendingApprovals[0]',
      anObject,
      'a call that waits { toolCallId, name, input }',
    ],
    [
      'the same call waiting twice',
      (turn) => ({
        ...turn,
        pendingApprovals: [...(turn.pendingApprovals ?? []), ...(turn.pendingApprovals ?? [])],
      }),
      'pendingApprovals[1]',
      '"h"',
      'a call that waits once',
    ],
    [
      'a step that is text',
      (turn) => ({ ...turn, pausedStep: 'step' }),
      'pausedStep',
      '"step"',
      'the step whose calls wait { toolNames, step }',
    ],
    [
      'a tool name that is a number',
      (turn) => ({ ...turn, pausedStep: { ...turn.pausedStep, toolNames: ['held', 1] } }),
      'pausedStep.toolNames',
      'a list of 2',
      'a list of tool names',
    ],
    ...(
      [
        ['null', () => null, 'null'],
        ['an iteration that is text', (s) => ({ ...s, iteration: 'first' }), anObject],
        ['a round that is not whole', (s) => ({ ...s, round: 0.5 }), anObject],
        ['no request', (s) => ({ ...s, request: null }), anObject],
        ['a response that is text', (s) => ({ ...s, response: 'r' }), anObject],
        ['usage without counts', (s) => ({ ...s, usage: {} }), anObject],
      ] as Array<[string, (step: Record<string, unknown>) => unknown, string]>
    ).map(([kind, edit, shown]): [string, (turn: TurnCheckpoint) => unknown, string, string, string] => [
      `a step with ${kind}`,
      (turn) => ({
        ...turn,
        pausedStep: {
          ...turn.pausedStep,
          step: edit(turn.pausedStep?.step as unknown as Record<string, unknown>),
        },
      }),
      'pausedStep.step',
      shown,
      step,
    ]),
  ];

  it.each(pausedEdits)('a paused turn with %s is refused', async (_kind, edit, named, shown, expected) => {
    const turn = edit(await pausedTurn()) as TurnCheckpoint;

    expect(() =>
      runToolLoop({
        model: createScriptedModel({ text: 'Done.' }),
        tools: [held],
        resume: { turn, decisions: { h: { approved: true } } },
      }),
    ).toThrow(
      new InvalidArgumentError({
        argument: `resume.turn.${named}`,
        message: `expected ${expected}, got ${shown}.`,
      }),
    );
  });

  it('a transcript whose last message holds a part that is null is refused naming the part', async () => {
    const turn = await pausedTurn();
    const [prompt, last] = turn.messages;
    if (last?.role !== 'assistant') throw new Error('The paused turn does not end with its calls.');
    const broken = { role: 'assistant', content: [...last.content, null] };

    for (const [options, named] of [
      [{ messages: [prompt, broken] }, 'messages[1].content[1]'],
      [
        { resume: { turn: { ...turn, messages: [prompt, broken] }, decisions: { h: { approved: true } } } },
        'resume.turn.messages[1].content[1]',
      ],
    ] as Array<[Partial<ToolLoopOptions>, string]>) {
      expect(() => runToolLoop({ model: script(), tools: [held], ...options })).toThrow(
        new InvalidArgumentError({
          argument: named,
          message:
            "expected a part of an assistant message, whose type is 'text', 'thinking', 'redacted-thinking', 'tool-call'.",
        }),
      );
    }
  });

  it('decisions for a turn that did not pause are refused, even none at all', async () => {
    const first = await firstCheckpoint();

    for (const turn of [first, { ...first, pendingApprovals: [] }]) {
      expect(() => runToolLoop({ model: script(), tools: [ok], resume: { turn, decisions: {} } })).toThrow(
        new InvalidArgumentError({
          argument: 'resume.turn',
          message:
            'expected the pausedTurn of a result that stopped with approval_required, whose transcript ends with the assistant message holding the calls that wait.',
        }),
      );
    }
  });

  it('a paused turn resumed without decisions is refused, naming the calls that wait', async () => {
    const turn = await pausedTurn();

    expect(() => runToolLoop({ model: script(), tools: [held], resume: { turn } })).toThrow(
      new InvalidArgumentError({
        argument: 'resume.decisions',
        message:
          'the turn paused for approval: give a decision for each call that waits, h (held), such as { h: { approved: true } }.',
      }),
    );
  });

  it('anything that is not a checkpoint is refused as one', () => {
    const message =
      'expected a checkpoint of the turn (from onCheckpoint), or the pausedTurn of a result that stopped with approval_required.';
    for (const turn of [
      null,
      'checkpoint',
      { version: 2.5 },
      { version: 1, messages: [], state: {}, features: {} },
    ]) {
      expect(() =>
        runToolLoop({ model: script(), tools: [ok], resume: { turn: turn as unknown as TurnCheckpoint } }),
      ).toThrow(new InvalidArgumentError({ argument: 'resume.turn', message }));
    }
  });

  it.each([
    ['by a cap', { reason: 'max_rounds' }, undefined],
    ['with its detail', { reason: 'no_progress', detail: 'ten rounds' }, 'Stopped: ten rounds'],
    ['by a stop condition of the host', { reason: 'out_of_stock' }, 'Stopped: out_of_stock'],
  ])('with a last answer asked for %s is resumed to that answer', async (_kind, finalAnswerFor, stopped) => {
    const first = await firstCheckpoint();
    const turn = { ...first, state: { ...first.state, finalAnswerFor } } as TurnCheckpoint;

    const { events, result } = await collectRun(
      runToolLoop({ model: script(), tools: [ok], resume: { turn } }),
    );

    expect(result.stopReason).toBe(finalAnswerFor.reason);
    expect(result.iterations).toBe(first.state.iterations + 1);
    expect(events.filter((event) => event.type === 'error').map((event) => event.message)).toEqual(
      stopped === undefined ? [] : [stopped],
    );
  });

  it('with its usage by model and no call waiting is resumed as it was saved', async () => {
    const first = await firstCheckpoint();
    const usageByModel: Array<[string, Usage]> = [['model', { ...usage, cacheReadTokens: 0 }]];
    const turn = {
      ...first,
      state: { ...first.state, usageByModel },
      pendingApprovals: [],
    } as TurnCheckpoint;

    const [next] = await checkpointsOf({ model: script(), tools: [ok], resume: { turn } });

    expect(next?.state.usageByModel[0]).toEqual(usageByModel[0]);
  });
});

describe('the checkpoint of a turn asked for a last answer', () => {
  it('keeps the reason, and the detail only when there is one', async () => {
    const [capped] = await checkpointsOf({ model: script(), tools: [ok], prompt: 'Go.', maxRounds: 1 });
    const repeated = createScriptedModel([
      { text: 'Again.', toolCalls: [{ id: 'a', name: 'ok', input: {} }] },
      { text: 'Again.', toolCalls: [{ id: 'b', name: 'ok', input: {} }] },
      { text: 'Done.' },
    ]);
    const [, stuck] = await checkpointsOf({
      model: repeated,
      tools: [ok],
      prompt: 'Go.',
      maxRepeatedCalls: 1,
    });

    expect(capped?.state.finalAnswerFor).toStrictEqual({ reason: 'max_rounds' });
    expect(stuck?.state.finalAnswerFor).toStrictEqual({
      reason: 'no_progress',
      detail: 'the same call of ok was repeated more than 1 time',
    });
  });
});

describe("a feature's slice edited by hand", () => {
  /** The checkpoint after resuming `turn` for one round. */
  async function nextAfter(turn: TurnCheckpoint): Promise<TurnCheckpoint> {
    const [next] = await checkpointsOf({ model: script(), tools: [ok], resume: { turn } });
    if (next === undefined) throw new Error('The resumed turn left no checkpoint.');
    return next;
  }

  it('keeps what it can read and drops the rest, as if never counted', async () => {
    const first = await firstCheckpoint();
    const untouched = await nextAfter(first);
    const edited = await nextAfter({
      ...first,
      features: {
        ...first.features,
        toolCallLimits: { message: 2, session: -1 },
        noProgress: {
          callCounts: [
            ...(first.features.noProgress as { callCounts: unknown[] }).callCounts,
            ['seen', 2],
            ['bad'],
            [3, 1],
            { 0: 'x', 1: 1 },
          ],
          lastResponseText: 5,
          textRepeats: 0.5,
        },
        errorStreak: { streak: 'two' },
        contextLimit: { cleared: ['a', 5], summaryFailed: 'yes' },
        output: null,
      },
    } as TurnCheckpoint);

    const { noProgress, errorStreak, contextLimit, output } = untouched.features as Record<
      string,
      Record<string, unknown>
    >;
    // One call before the checkpoint and one after: the edited counts go on from 2 and from 0.
    expect(first.features.toolCallLimits).toStrictEqual({ message: 1, session: 1 });
    expect(edited.features).toStrictEqual({
      toolCallLimits: { message: 3, session: 1 },
      noProgress: { ...noProgress, callCounts: [...(noProgress?.callCounts as unknown[]), ['seen', 2]] },
      errorStreak,
      contextLimit: { ...contextLimit, cleared: ['a'] },
      output,
    });
  });

  it('reads a slice that is not an object as empty', async () => {
    const first = await firstCheckpoint();
    const fresh = await nextAfter({
      ...first,
      features: {
        toolCallLimits: 1,
        noProgress: 'x',
        errorStreak: null,
        contextLimit: [],
        output: undefined,
      },
    } as unknown as TurnCheckpoint);
    const untouched = await nextAfter({
      ...first,
      features: {
        toolCallLimits: { message: 0, session: 0 },
        noProgress: { callCounts: [], lastResponseText: '', textRepeats: 0 },
        errorStreak: { streak: 0 },
        contextLimit: { cleared: [] },
        output: { repairs: 0 },
      },
    });

    expect(fresh.features).toStrictEqual(untouched.features);
  });

  it("keeps a context summary only while it stands for messages before the transcript's last", async () => {
    const first = await firstCheckpoint();
    const withSummary = (summary: unknown) =>
      nextAfter({
        ...first,
        features: { ...first.features, contextLimit: { cleared: [], summary } },
      } as TurnCheckpoint);

    const kept = await withSummary({ upTo: 1, text: 'The user asked to go.' });
    expect(kept.features.contextLimit).toStrictEqual({
      cleared: [],
      summary: { upTo: 1, text: 'The user asked to go.' },
    });
    for (const summary of [
      { upTo: 0.5, text: 'Half.' },
      { upTo: '1', text: 'Text.' },
      { upTo: 1, text: 5 },
      { upTo: 0, text: 'Nothing.' },
      { upTo: first.messages.length, text: 'Everything.' },
    ]) {
      expect((await withSummary(summary)).features.contextLimit).toStrictEqual({ cleared: [] });
    }
  });

  it('keeps a summary that failed, so it is not asked for again', async () => {
    const first = await firstCheckpoint();
    const next = await nextAfter({
      ...first,
      features: { ...first.features, contextLimit: { cleared: [], summaryFailed: true } },
    });

    expect(next.features.contextLimit).toStrictEqual({ cleared: [], summaryFailed: true });
  });
});

describe('a paused turn of the first stored format', () => {
  /** The denied refund of the first format with its counters changed, resumed: the checkpoint after its round. */
  async function resumedWith(change: (counters: Record<string, unknown>) => Record<string, unknown>) {
    const stored = JSON.parse(
      readFileSync(new URL('../../test/loop/paused-turn-v1/denied.json', import.meta.url), 'utf8'),
    ) as { pausedTurn: { counters: Record<string, unknown> } };
    const turn = { ...stored.pausedTurn, counters: change(stored.pausedTurn.counters) };
    const testCase = pausedTurnV1Cases.denied;
    if (testCase === undefined) throw new Error('no case denied');
    const options = testCase.options();
    // The same turn up to its pause, so that the scripted model stands where it stood.
    await runToolLoop({ ...options, prompt: testCase.prompt }).result;
    const [checkpoint] = await checkpointsOf({
      ...options,
      resume: { turn: turn as unknown as TurnCheckpoint, decisions: testCase.decisions },
    });
    if (checkpoint === undefined) throw new Error('The resumed turn left no checkpoint.');
    return checkpoint;
  }

  it('carries every count it kept into the resumed turn', async () => {
    const checkpoint = await resumedWith((counters) => ({
      ...counters,
      statusUsage: { inputTokens: 7, outputTokens: 2 },
      usageByModel: [['scripted-model', { inputTokens: 10, outputTokens: 5 }]],
      text: 'So far. ',
      lastRequestTokens: 40,
      sessionTokens: 90,
      // Within the turn's default limit of 120 s, far above what a round takes.
      elapsedMs: 60_000,
      outputRepairs: 1,
      errorStreak: 1,
      messageToolCalls: 2,
      sessionToolCalls: 3,
      clearedToolResults: ['old'],
      contextSummary: { upTo: 1, text: 'The user asked for a refund.' },
      contextSummaryFailed: true,
    }));

    // The resumed round adds the denied call (one more of each count) and its time.
    expect({ ...checkpoint.state, toolCalls: undefined, elapsedMs: undefined }).toStrictEqual({
      iterations: 1,
      rounds: 1,
      toolCalls: undefined,
      usage: { inputTokens: 10, outputTokens: 5 },
      statusUsage: { inputTokens: 7, outputTokens: 2 },
      usageByModel: [['scripted-model', { inputTokens: 10, outputTokens: 5 }]],
      text: 'So far. ',
      answerPaused: false,
      lastRequestTokens: 40,
      sessionTokens: 90,
      elapsedMs: undefined,
    });
    expect(checkpoint.state.elapsedMs).toBeGreaterThanOrEqual(60_000);
    expect(checkpoint.features).toStrictEqual({
      toolCallLimits: { message: 3, session: 4 },
      noProgress: { callCounts: [['refund {"amount":10}', 1]], lastResponseText: '', textRepeats: 1 },
      errorStreak: { streak: 1 },
      contextLimit: {
        cleared: ['old'],
        summary: { upTo: 1, text: 'The user asked for a refund.' },
        summaryFailed: true,
      },
      output: { repairs: 1 },
    });
  });

  it('counts from nothing what its first releases did not keep', async () => {
    const checkpoint = await resumedWith(
      ({
        statusUsage: _statusUsage,
        usageByModel: _usageByModel,
        text: _text,
        lastRequestTokens: _lastRequestTokens,
        sessionTokens: _sessionTokens,
        outputRepairs: _outputRepairs,
        elapsedMs: _elapsedMs,
        ...kept
      }) => kept,
    );

    expect(checkpoint.state).toMatchObject({
      statusUsage: { inputTokens: 0, outputTokens: 0 },
      usageByModel: [],
      text: '',
      lastRequestTokens: 0,
      sessionTokens: 0,
    });
    expect(checkpoint.state.elapsedMs).toBeLessThan(60_000);
    expect(checkpoint.features.contextLimit).toStrictEqual({ cleared: [] });
    expect(checkpoint.features.output).toStrictEqual({ repairs: 0 });
  });
});

describe('a turn resumed after its time had run out', () => {
  // A host that lowered `timeoutMs` since the turn was saved, or a turn saved just before its deadline.

  /** A tool named as the saved turn's, which counts its runs. */
  function countingTool(name: string, needsApproval = false) {
    let runs = 0;
    const tool = defineTool({
      name,
      inputSchema: { type: 'object' },
      needsApproval,
      execute: () => {
        runs += 1;
        return 'ran';
      },
    });
    return { tool, runs: () => runs };
  }
  it.each([
    ['well past it', 75_000],
    ['exactly at it', 60_000],
  ])(
    'stops with timeout before anything more happens, from a checkpoint between rounds (%s)',
    async (_when, elapsedMs) => {
      const first = await firstCheckpoint();
      const turn = { ...first, state: { ...first.state, elapsedMs } };
      const model = script();
      const counted = countingTool('ok');

      const result = await runToolLoop({ model, tools: [counted.tool], timeoutMs: 60_000, resume: { turn } })
        .result;

      expect(result.stopReason).toBe('timeout');
      expect(model.requests).toEqual([]);
      expect(counted.runs()).toBe(0);
      expect(result.iterations).toBe(first.state.iterations);
    },
  );

  it('runs none of the calls that waited, approved or not', async () => {
    const paused = await pausedTurn();
    const turn = { ...paused, state: { ...paused.state, elapsedMs: 61_000 } };
    const model = createScriptedModel([{ text: 'Done.' }]);
    const held = countingTool('held', true);

    const result = await runToolLoop({
      model,
      tools: [held.tool],
      timeoutMs: 60_000,
      resume: { turn, decisions: { h: { approved: true } } },
    }).result;

    expect(result.stopReason).toBe('timeout');
    expect(held.runs()).toBe(0);
    expect(model.requests).toEqual([]);
  });
});

describe('a paused turn of the first stored format, damaged', () => {
  const stored = () =>
    (
      JSON.parse(
        readFileSync(new URL('../../test/loop/paused-turn-v1/denied.json', import.meta.url), 'utf8'),
      ) as { pausedTurn: Record<string, unknown> & { pendingApprovals: Array<Record<string, unknown>> } }
    ).pausedTurn;

  // Each refusal names the field where that format kept it, not where today's format keeps it.
  it.each([
    ['its tool names', { toolNames: 'refund' }, 'resume.turn.toolNames'],
    [
      'a call that waits',
      { pendingApprovals: [{ toolCallId: 5, name: 'refund', input: { amount: 10 } }] },
      'resume.turn.pendingApprovals[0]',
    ],
  ])('is refused naming %s as that format kept them', (_what, change, argument) => {
    const turn = { ...stored(), ...change } as unknown as TurnCheckpoint;

    expect(() =>
      runToolLoop({ model: script(), tools: [ok], resume: { turn, decisions: { r1: { approved: true } } } }),
    ).toThrow(expect.objectContaining({ argument }) as Error);
  });
});
