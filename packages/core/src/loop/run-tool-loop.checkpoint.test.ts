import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HookError } from '../errors/hook-error.js';
import type { JsonObject } from '../json-value.js';
import type { FinishReason } from '../model/model.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel, type ScriptedResponse } from '../testing/scripted-model.js';
import { defineTool } from '../tools/define-tool.js';
import { pausedTurnV1Cases } from '../../test/loop/paused-turn-v1-cases.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { LoopEvent } from './loop-event.js';
import type { LoopResult } from './loop-result.js';
import { runToolLoop } from './run-tool-loop.js';
import type { TurnCheckpoint } from './turn-checkpoint.js';
import type { ToolLoopOptions } from './tool-loop-options.js';

const tools = [
  defineTool({ name: 'ok', inputSchema: { type: 'object' }, execute: () => 'fine' }),
  defineTool({
    name: 'fail',
    inputSchema: { type: 'object' },
    execute: () => {
      throw new Error('broken');
    },
  }),
  defineTool({ name: 'typed', inputSchema: { type: 'object', required: ['n'] }, execute: () => 'typed' }),
  defineTool({
    name: 'big',
    inputSchema: { type: 'object' },
    // Large enough that a context limit clears it.
    execute: () => 'A long page. '.repeat(40),
  }),
];

const outputSchema: JsonObject = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };

const toolCall = fc.oneof(
  fc.record({
    name: fc.constantFrom('ok', 'ok', 'fail', 'typed', 'big', 'missing', 'cannot_complete_task'),
    input: fc.constantFrom({}, { n: 1 }),
    // Few ids, so that repeats within a response and across rounds are renamed.
    id: fc.option(fc.constantFrom('call_0', 'call_1'), { nil: undefined }),
  }),
  fc.constantFrom({ name: 'final_answer', input: { n: 1 } }, { name: 'final_answer', input: { n: 'one' } }),
);

const response: fc.Arbitrary<ScriptedResponse> = fc
  .record({
    // With its own signature: a scripted model otherwise signs by its request count, which a resumed one restarts.
    thinking: fc.option(
      fc.string({ maxLength: 6 }).map((text) => ({ text, providerData: { signature: `signed ${text}` } })),
      { nil: undefined },
    ),
    text: fc.option(fc.constantFrom('Working.', 'Working.', '{"n":2}', 'Done.'), { nil: undefined }),
    toolCalls: fc.array(toolCall, { maxLength: 3 }),
    finishReason: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 4 },
      { arbitrary: fc.constantFrom<FinishReason>('pause', 'max_tokens', 'end'), weight: 1 },
    ),
  })
  .map(
    (fields) =>
      Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as ScriptedResponse,
  );

const settings: fc.Arbitrary<Partial<ToolLoopOptions>> = fc.record(
  {
    maxIterations: fc.integer({ min: 1, max: 8 }),
    maxRounds: fc.integer({ min: 1, max: 5 }),
    maxConsecutiveErrors: fc.integer({ min: 1, max: 3 }),
    maxToolCalls: fc.oneof(
      fc.integer({ min: 0, max: 5 }),
      fc.record({ perSession: fc.integer({ min: 0, max: 5 }) }),
    ),
    sessionToolCalls: fc.integer({ min: 0, max: 2 }),
    maxToolsPerResponse: fc.integer({ min: 1, max: 3 }),
    unknownTool: fc.constantFrom<'feedback' | 'stop'>('feedback', 'stop'),
    explicitStop: fc.boolean(),
    statusMessages: fc.constantFrom<'template' | 'off'>('template', 'off'),
    maxRepeatedCalls: fc.integer({ min: 1, max: 3 }),
    maxRepeatedText: fc.integer({ min: 1, max: 3 }),
    tokenBudget: fc.oneof(
      fc.integer({ min: 20, max: 120 }),
      fc.record({ perSession: fc.integer({ min: 20, max: 120 }) }),
    ),
    sessionTokens: fc.integer({ min: 0, max: 30 }),
    contextLimit: fc.constant({ maxTokens: 300, keepToolResults: 1 }),
    progressivePrompt: fc.constant(true),
    output: fc.constant(outputSchema),
  },
  { requiredKeys: [] },
);

/** Every call of the script gets an id of its own position unless it has one, so that two models give the same. */
function withIds(script: ScriptedResponse[]): ScriptedResponse[] {
  return script.map((step, index) => ({
    ...step,
    ...(step.toolCalls === undefined
      ? {}
      : {
          toolCalls: step.toolCalls.map((call, callIndex) => ({
            ...call,
            id: call.id ?? `c${index}_${callIndex}`,
          })),
        }),
  }));
}

/** What must not differ between two runs: everything but how long things took. */
function timeless(value: LoopResult | LoopEvent[]): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, field: unknown) => (key === 'durationMs' ? undefined : field)),
  );
}

interface Taken {
  checkpoint: TurnCheckpoint;
  /** Events and model requests the turn had made when the checkpoint was taken. */
  events: number;
  requests: number;
}

describe('checkpoints', () => {
  it('resuming at any checkpoint gives the result, the events and the requests of the turn that never stopped', async () => {
    let resumedRuns = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(response, { minLength: 1, maxLength: 8 }),
        settings,
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        fc.nat(),
        fc.boolean(),
        async (generated, options, stopAfterRounds, pick, supportsStructuredOutput) => {
          // Answers after the generated ones, so that neither run runs out of script.
          const script = withIds([...generated, ...Array.from({ length: 12 }, () => ({ text: '{"n":3}' }))]);
          const stopWhen =
            stopAfterRounds === undefined
              ? {}
              : {
                  stopWhen: ({ rounds }: { rounds: number }) =>
                    rounds >= stopAfterRounds ? 'host_stop' : undefined,
                };
          const model = createScriptedModel(script, { supportsStructuredOutput });
          const taken: Taken[] = [];
          const whole: { events: LoopEvent[] } = { events: [] };
          const run = runToolLoop({
            ...options,
            ...stopWhen,
            model,
            tools,
            prompt: 'Go.',
            onCheckpoint: (checkpoint) => {
              // Stored as JSON, as a host would.
              taken.push({
                checkpoint: JSON.parse(JSON.stringify(checkpoint)) as TurnCheckpoint,
                events: whole.events.length,
                requests: model.requests.length,
              });
            },
          });
          for await (const event of run) whole.events.push(event);
          const result = await run.result;
          if (taken.length === 0) return;
          const at = taken[pick % taken.length] as Taken;
          resumedRuns += 1;

          const resumedModel = createScriptedModel(script.slice(at.requests), { supportsStructuredOutput });
          const resumed = await collectRun(
            runToolLoop({
              ...options,
              ...stopWhen,
              // Given anew, as on another machine: the checkpoint brings what the turn had counted.
              sessionToolCalls: 0,
              sessionTokens: 0,
              model: resumedModel,
              tools,
              resume: { turn: at.checkpoint },
            }),
          );

          expect(timeless(resumed.result)).toEqual(timeless(result));
          // The resumed turn announces itself as any turn does, then goes on as the first did.
          const startEvents = options.statusMessages === 'off' ? 0 : 1;
          expect(timeless(resumed.events.slice(startEvents))).toEqual(
            timeless(whole.events.slice(at.events)),
          );
          expect(resumedModel.requests).toEqual(model.requests.slice(at.requests));
        },
      ),
      { numRuns: 300 },
    );
    // Many scripts go past a round: the property is not held only by turns that never leave a checkpoint.
    expect(resumedRuns).toBeGreaterThan(75);
  });
});

describe('onCheckpoint', () => {
  const script = () =>
    createScriptedModel([
      { toolCalls: [{ id: 'a', name: 'ok', input: {} }] },
      { toolCalls: [{ id: 'b', name: 'ok', input: { n: 1 } }] },
      { text: 'Done.' },
    ]);

  /** The checkpoint the script's turn leaves after its first round. */
  async function firstCheckpoint(): Promise<TurnCheckpoint> {
    const checkpoints: TurnCheckpoint[] = [];
    await runToolLoop({
      model: script(),
      tools,
      prompt: 'Go.',
      onCheckpoint: (checkpoint) => {
        checkpoints.push(checkpoint);
      },
    }).result;
    const [first] = checkpoints;
    if (first === undefined) throw new Error('The turn left no checkpoint.');
    return first;
  }

  it('is called after each round with a versioned checkpoint of plain JSON', async () => {
    const checkpoints: TurnCheckpoint[] = [];
    const result = await runToolLoop({
      model: script(),
      tools,
      prompt: 'Go.',
      onCheckpoint: (checkpoint) => {
        checkpoints.push(checkpoint);
      },
    }).result;

    expect(result.stopReason).toBe('completed');
    expect(checkpoints.map((checkpoint) => [checkpoint.version, checkpoint.state.rounds])).toEqual([
      [2, 1],
      [2, 2],
    ]);
    // Taken when handed over: later rounds do not change it.
    expect(checkpoints[0]?.messages).toHaveLength(3);
    expect(JSON.parse(JSON.stringify(checkpoints))).toEqual(checkpoints);
  });

  it('is waited for, and a throw ends the turn with hook_error', async () => {
    const order: string[] = [];
    const run = runToolLoop({
      model: script(),
      tools,
      prompt: 'Go.',
      onStepFinish: () => {
        order.push('step');
      },
      onCheckpoint: async () => {
        await Promise.resolve();
        order.push('checkpoint');
        if (order.length > 2) throw new Error('the database is down');
      },
    });
    const result = await run.result;

    expect(order).toEqual(['step', 'checkpoint', 'step', 'checkpoint']);
    expect(result.stopReason).toBe('hook_error');
    expect(HookError.isInstance(result.error)).toBe(true);
    expect(result.error?.message).toContain('onCheckpoint threw: the database is down');
  });

  it('a checkpoint of a newer format is refused, naming its version', async () => {
    const newer = { ...(await firstCheckpoint()), version: 3 } as unknown as TurnCheckpoint;

    expect(() => runToolLoop({ model: script(), tools, resume: { turn: newer } })).toThrow(
      new InvalidArgumentError({
        argument: 'resume.turn',
        message:
          'this checkpoint has format version 3, written by a newer version of @toolloop/core; this one reads versions 1 to 2. Upgrade @toolloop/core to resume it.',
      }),
    );
  });

  it('a checkpoint edited by hand is refused naming the field, never read into a turn without a deadline or with wrong counts', async () => {
    const first = await firstCheckpoint();
    // A state field, what it is set to, the field the error names (that one, or a part of it), and the error.
    const edits: Array<[string, unknown, string, string]> = [
      ['elapsedMs', 'long', 'elapsedMs', 'expected a number of milliseconds of at least 0, got "long".'],
      ['elapsedMs', -1e6, 'elapsedMs', 'expected a number of milliseconds of at least 0, got -1000000.'],
      ['iterations', '1', 'iterations', 'expected an integer of at least 0, got "1".'],
      ['sessionTokens', -5, 'sessionTokens', 'expected an integer of at least 0, got -5.'],
      [
        'toolCalls',
        undefined,
        'toolCalls',
        'expected a list of the tool calls the turn recorded, got nothing.',
      ],
      ['usage', 'x', 'usage', 'expected token counts such as { inputTokens: 10, outputTokens: 2 }, got "x".'],
      ['usageByModel', [1], 'usageByModel[0]', 'expected a [model id, usage] pair, got 1.'],
      [
        'finalAnswerFor',
        'max_rounds',
        'finalAnswerFor',
        'expected a stop reason and its detail, such as { reason: \'max_rounds\' }, got "max_rounds".',
      ],
      [
        'finalAnswerFor',
        { reason: 'Not a reason!' },
        'finalAnswerFor.reason',
        'expected a stop reason (snake_case), got "Not a reason!".',
      ],
    ];

    for (const [field, value, named, message] of edits) {
      const edited = { ...first, state: { ...first.state, [field]: value } } as TurnCheckpoint;
      expect(() => runToolLoop({ model: script(), tools, resume: { turn: edited } })).toThrow(
        new InvalidArgumentError({ argument: `resume.turn.state.${named}`, message }),
      );
    }
  });

  it('a paused turn edited by hand is refused naming the part, in the form that wrote it', async () => {
    const held = defineTool({
      name: 'held',
      inputSchema: { type: 'object' },
      needsApproval: true,
      execute: () => 'ran',
    });
    const model = () =>
      createScriptedModel([{ toolCalls: [{ id: 'h', name: 'held', input: {} }] }, { text: 'Done.' }]);
    const paused = (await runToolLoop({ model: model(), tools: [held], prompt: 'Q' }).result).pausedTurn;
    if (paused === undefined) throw new Error('The turn did not pause.');
    const { step } = paused.pausedStep;
    const decisions = { h: { approved: true as const } };
    const call = paused.state.toolCalls[0];
    const edits: Array<[unknown, string, string]> = [
      [
        { ...paused, pendingApprovals: [{ name: 'held' }] },
        'pendingApprovals[0]',
        'expected a call that waits { toolCallId, name, input }, got an object without them.',
      ],
      [
        { ...paused, pendingApprovals: 'h' },
        'pendingApprovals',
        'expected a list of the calls that wait, got "h".',
      ],
      [
        { ...paused, pausedStep: undefined },
        'pausedStep',
        'expected the step whose calls wait { toolNames, step }, got nothing.',
      ],
      [
        { ...paused, pausedStep: { step, toolNames: [1] } },
        'pausedStep.toolNames',
        'expected a list of tool names, got a list of 1.',
      ],
      [
        { ...paused, pausedStep: { toolNames: ['held'], step: { ...step, round: 'first' } } },
        'pausedStep.step',
        'expected the step as onStepFinish reports it { iteration, round, request, response, usage }, got an object without them.',
      ],
      [
        { ...paused, state: { ...paused.state, toolCalls: [{ ...call, executed: 'yes' }] } },
        'state.toolCalls[0]',
        'expected a recorded call { toolCallId, name, input, output, isError, executed, round }, got an object without them.',
      ],
      [
        { ...paused, state: { ...paused.state, statusUsage: { inputTokens: -1, outputTokens: 0 } } },
        'state.statusUsage',
        'expected token counts such as { inputTokens: 10, outputTokens: 2 }, got an object without them.',
      ],
      [{ ...paused, state: { ...paused.state, text: 7 } }, 'state.text', 'expected a string, got 7.'],
      [
        { ...paused, state: { ...paused.state, answerPaused: 'no' } },
        'state.answerPaused',
        'expected true or false, got "no".',
      ],
      [
        { ...paused, state: { ...paused.state, finalAnswerFor: { reason: 'max_rounds', detail: 3 } } },
        'state.finalAnswerFor.detail',
        'expected a string, got 3.',
      ],
    ];
    for (const [turn, named, message] of edits) {
      expect(() =>
        runToolLoop({ model: model(), tools: [held], resume: { turn: turn as TurnCheckpoint, decisions } }),
      ).toThrow(new InvalidArgumentError({ argument: `resume.turn.${named}`, message }));
    }

    // A paused turn of the first format is named where that format kept each part.
    const stored = JSON.parse(
      readFileSync(new URL('../../test/loop/paused-turn-v1/denied.json', import.meta.url), 'utf8'),
    ) as { pausedTurn: { counters: Record<string, unknown>; step: Record<string, unknown> } };
    const v1 = stored.pausedTurn;
    const firstFormat: Array<[unknown, string]> = [
      [{ ...v1, counters: { ...v1.counters, rounds: -1 } }, 'counters.rounds'],
      [{ ...v1, counters: { ...v1.counters, toolCalls: null } }, 'counters.toolCalls'],
      [{ ...v1, toolNames: 'refund' }, 'toolNames'],
      [{ ...v1, step: { ...v1.step, usage: null } }, 'step'],
    ];
    for (const [turn, named] of firstFormat) {
      expect(() =>
        runToolLoop({
          model: model(),
          tools: [held],
          resume: { turn: turn as TurnCheckpoint, decisions: { r1: { approved: true } } },
        }),
      ).toThrow(`Invalid option 'resume.turn.${named}'`);
    }
  });

  it('changing the checkpoint it was given changes nothing of the turn', async () => {
    const untouched = await runToolLoop({ model: script(), tools, prompt: 'Go.' }).result;
    const result = await runToolLoop({
      model: script(),
      tools,
      prompt: 'Go.',
      onCheckpoint: (checkpoint) => {
        // A host that redacts what it stores, in place.
        checkpoint.state.usage.inputTokens = 100_000;
        checkpoint.state.toolCalls.forEach((call) => (call.name = 'redacted'));
        checkpoint.messages.forEach((message) => {
          if (message.role === 'user') message.content = '[redacted]';
        });
        checkpoint.messages.length = 0;
      },
    }).result;

    expect(timeless(result)).toEqual(timeless(untouched));
  });

  it('decisions go only with a turn paused for approval', async () => {
    const first = await firstCheckpoint();

    expect(() =>
      runToolLoop({
        model: script(),
        tools,
        resume: { turn: first, decisions: { a: { approved: true } } },
      }),
    ).toThrow(
      "Invalid option 'resume.decisions': no call waits for approval with the id a; the calls that wait: (none).",
    );
  });
});

describe('paused turns of the first stored format', () => {
  it.each(Object.keys(pausedTurnV1Cases))(
    '%s: resumes to the result the loop that wrote it reached',
    async (name) => {
      const stored = JSON.parse(
        readFileSync(new URL(`../../test/loop/paused-turn-v1/${name}.json`, import.meta.url), 'utf8'),
      ) as { pausedTurn: TurnCheckpoint; expected: Record<string, unknown> };
      const testCase = pausedTurnV1Cases[name];
      if (testCase === undefined) throw new Error(`no case ${name}`);
      const options = testCase.options();
      // The same turn up to its pause, so that the scripted models stand where they stood.
      const paused = await runToolLoop({ ...options, prompt: testCase.prompt }).result;
      expect(paused.stopReason).toBe('approval_required');

      const resumed = await collectRun(
        runToolLoop({ ...options, resume: { turn: stored.pausedTurn, decisions: testCase.decisions } }),
      );
      const { result } = resumed;

      expect(
        timeless({
          stopReason: result.stopReason,
          text: result.text,
          rounds: result.rounds,
          iterations: result.iterations,
          usage: result.usage,
          sessionToolCalls: result.sessionToolCalls,
          sessionTokens: result.sessionTokens,
          output: result.output,
          toolCalls: result.toolCalls,
          messages: result.messages,
          events: resumed.events.filter((event) => event.type !== 'done'),
        } as never),
      ).toEqual(timeless(withEventNamesOfToday(stored.expected) as never));
    },
  );
});

/** The expected events of a stored case, with the event types as they are named since the loop's events were renamed. */
function withEventNamesOfToday(expected: Record<string, unknown>): Record<string, unknown> {
  const renamed = new Set(['tool-start', 'tool-result', 'approval-required']);
  const events = expected.events as Array<{ type: string }>;
  const today = (type: string) => (renamed.has(type.replaceAll('_', '-')) ? type.replaceAll('_', '-') : type);
  return {
    ...expected,
    events: events.map((event) => ({ ...event, type: today(event.type) })),
  };
}
