import { getEventListeners } from 'node:events';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../json-value.js';
import type { Message } from '../model/messages.js';
import type { FinishReason } from '../model/model.js';
import { InvalidOutputError } from '../errors/invalid-output-error.js';
import { defineTool } from '../tools/define-tool.js';
import type { ToolSource } from '../tools/tool-source.js';
import { createScriptedModel, type ScriptedResponse } from '../testing/scripted-model.js';
import type { ToolLoopRun } from './create-tool-loop-run.js';
import type { LoopEvent } from './loop-event.js';
import type { LoopResult } from './loop-result.js';
import { timersLeftBy } from '../../test/timers-left.js';
import { runToolLoop } from './run-tool-loop.js';
import { stopReasons } from './stop-reason.js';
import type { ToolLoopOptions } from './tool-loop-options.js';

/** What one run observed from inside its tools. */
interface Observations {
  /** Tool starts that happened after the turn's signal had fired. */
  startsAfterAbort: string[];
  abortRequested: boolean;
}

function createTools(observations: Observations, getRun: () => ToolLoopRun | undefined) {
  const observe = (name: string, signal: AbortSignal) => {
    if (signal.aborted || observations.abortRequested) observations.startsAfterAbort.push(name);
  };
  // A source other than local tools: the loop itself, not a tool's own checks, must keep it from starting late.
  const remote: ToolSource = {
    name: 'remote',
    listTools: () => Promise.resolve([{ name: 'remote', inputSchema: { type: 'object' } }]),
    callTool: ({ signal }) => {
      observe('remote', signal);
      return Promise.resolve({ content: [{ type: 'text', text: 'remote result' }] });
    },
  };
  return [
    remote,
    defineTool({
      name: 'ok',
      inputSchema: { type: 'object' },
      execute: (_input, { signal }) => {
        observe('ok', signal);
        return 'fine';
      },
    }),
    defineTool({
      name: 'fail',
      inputSchema: { type: 'object' },
      execute: (_input, { signal }) => {
        observe('fail', signal);
        throw new Error('broken');
      },
    }),
    defineTool({
      name: 'typed',
      inputSchema: { type: 'object', required: ['n'] },
      execute: (_input, { signal }) => {
        observe('typed', signal);
        return 'typed';
      },
    }),
    defineTool({
      name: 'slow',
      inputSchema: { type: 'object' },
      execute: (_input, { signal }) => {
        observe('slow', signal);
        // Settles only when its call is aborted: by its tool timeout, the turn's deadline or an abort.
        return new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reject(new Error('stopped'));
          });
        });
      },
    }),
    defineTool({
      name: 'stopper',
      inputSchema: { type: 'object' },
      execute: (_input, { signal }) => {
        observe('stopper', signal);
        observations.abortRequested = true;
        getRun()?.abort('a tool pressed stop');
        return 'stopping';
      },
    }),
  ];
}

const toolCall = fc.oneof(
  fc.record({
    // A tool that aborts the turn, and calls after it, are frequent: what happens to queued calls matters most.
    name: fc.constantFrom(
      'ok',
      'fail',
      'typed',
      'slow',
      'stopper',
      'stopper',
      'remote',
      'remote',
      'missing',
      'cannot_complete_task',
    ),
    input: fc.constant({}),
    // Few ids, so repeats within a response and across rounds are common.
    id: fc.option(fc.constantFrom('call_0', 'call_1'), { nil: undefined }),
  }),
  fc.constant({ name: 'ok', rawInput: '{"broken": ' }),
  // The final-answer tool of `output` (for a model without native structured output): a valid answer, or not.
  fc.constantFrom({ name: 'final_answer', input: { n: 1 } }, { name: 'final_answer', input: { n: 'one' } }),
);

/** The `output` schema some runs ask for; answers in the script match it now and then. */
const outputSchema: JsonObject = {
  type: 'object',
  properties: { n: { type: 'number' } },
  required: ['n'],
};

/** `value` one time in ten, else nothing: faults that end a turn at once must not crowd out the rest. */
const rarely = <T>(value: T) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: fc.constant(value), weight: 1 });

const response: fc.Arbitrary<ScriptedResponse> = fc
  .record({
    thinking: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
    text: fc.option(fc.oneof(fc.string({ maxLength: 8 }), fc.constant('{"n":2}')), { nil: undefined }),
    toolCalls: fc.array(toolCall, { maxLength: 4 }),
    finishReason: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: fc.constantFrom<FinishReason>('max_tokens', 'refusal', 'pause', 'end'), weight: 1 },
    ),
    error: rarely(new Error('provider down')),
    hang: rarely(true as const),
  })
  .map(
    (fields) =>
      Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as ScriptedResponse,
  );

const limits: fc.Arbitrary<Partial<ToolLoopOptions>> = fc
  .record(
    {
      maxIterations: fc.integer({ min: 1, max: 6 }),
      maxRounds: fc.integer({ min: 1, max: 4 }),
      maxConsecutiveErrors: fc.integer({ min: 1, max: 4 }),
      maxToolCalls: fc.oneof(
        fc.integer({ min: 0, max: 4 }),
        fc.record({ perSession: fc.integer({ min: 0, max: 4 }) }),
      ),
      maxToolsPerResponse: fc.integer({ min: 1, max: 3 }),
      toolTimeoutMs: fc.integer({ min: 1, max: 10 }),
      unknownTool: fc.constantFrom<'feedback' | 'stop'>('feedback', 'stop'),
      explicitStop: fc.boolean(),
      statusMessages: fc.constantFrom<'template' | 'off'>('template', 'off'),
      maxRepeatedCalls: fc.integer({ min: 1, max: 3 }),
      maxRepeatedText: fc.integer({ min: 1, max: 3 }),
      // Scripted requests use 15 tokens each: budgets of a few requests.
      tokenBudget: fc.oneof(
        fc.integer({ min: 1, max: 90 }),
        fc.record({ perSession: fc.integer({ min: 1, max: 90 }) }),
      ),
      sessionTokens: fc.integer({ min: 0, max: 60 }),
      output: fc.constant(outputSchema),
    },
    { requiredKeys: [] },
  )
  .chain((options) =>
    fc.integer({ min: 1, max: 2 }).map((toolConcurrency) => ({ ...options, toolConcurrency })),
  );

/** A host stop condition: after so many rounds, with or without one last answer, or one that throws. */
const stopCondition = fc.option(
  fc.record({
    afterRounds: fc.integer({ min: 1, max: 3 }),
    answer: fc.boolean(),
    throws: fc.boolean(),
  }),
  { nil: undefined },
);

function toStopWhen(condition: { afterRounds: number; answer: boolean; throws: boolean } | undefined) {
  if (condition === undefined) return {};
  return {
    stopWhen: ({ rounds }: { rounds: number }) => {
      if (rounds < condition.afterRounds) return undefined;
      if (condition.throws) throw new Error('host bug');
      return { reason: 'host_condition', answer: condition.answer };
    },
  };
}

/** How the caller ends the turn early, if at all: after so many events, through the run or its own signal. */
const callerAbort = fc.option(
  fc.record({ afterEvents: fc.integer({ min: 0, max: 20 }), through: fc.constantFrom('run', 'signal') }),
  { nil: undefined },
);

/** Every assistant tool call is answered, in order, by the very next message — and by nothing else. */
function unansweredToolCalls(messages: Message[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const callIds = message.content.flatMap((part) => (part.type === 'tool-call' ? [part.id] : []));
    if (callIds.length === 0) return;
    const next = messages[index + 1];
    const resultIds = next?.role === 'tool' ? next.content.map((result) => result.toolCallId) : [];
    if (JSON.stringify(resultIds) !== JSON.stringify(callIds)) {
      problems.push(`message ${index}: calls ${callIds.join(',')} answered by [${resultIds.join(',')}]`);
    }
  });
  return problems;
}

/** For each call of the result, its tool events in order; and the tool events that belong to no call. */
function toolEventTrail(events: LoopEvent[], result: LoopResult) {
  const ids = new Set(result.toolCalls.map((call) => call.toolCallId));
  const perCall = result.toolCalls.map((call) =>
    events.flatMap((event) =>
      (event.type === 'tool-start' || event.type === 'tool-result') && event.toolCallId === call.toolCallId
        ? [event.type === 'tool-result' ? `tool-result:${String(event.executed)}` : 'tool-start']
        : [],
    ),
  );
  const strays = events.filter(
    (event) => (event.type === 'tool-start' || event.type === 'tool-result') && !ids.has(event.toolCallId),
  );
  return { perCall, strays };
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => {
  unhandled.push(reason);
};
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('the loop contract, over random scripts, limits, failures and aborts', () => {
  it('done comes last and once; every call has one tool-start then one tool-result; no tool starts after the signal fired; the transcript stays valid; nothing is left behind', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(response, { minLength: 1, maxLength: 8 }),
        limits,
        fc.integer({ min: 1, max: 15 }),
        callerAbort,
        stopCondition,
        fc.boolean(),
        async (script, options, timeoutMs, abort, condition, supportsStructuredOutput) => {
          const observations: Observations = { startsAfterAbort: [], abortRequested: false };
          const caller = new AbortController();
          const model = createScriptedModel(script, { supportsStructuredOutput });
          const turn: { run?: ToolLoopRun } = {};
          const tools = createTools(observations, () => turn.run);
          const events: LoopEvent[] = [];
          const { value: result, left: timersLeft } = await timersLeftBy(async () => {
            const run = runToolLoop({
              model,
              tools,
              prompt: 'Go',
              timeoutMs,
              signal: caller.signal,
              ...options,
              ...toStopWhen(condition),
            });
            turn.run = run;
            for await (const event of run) {
              events.push(event);
              if (abort !== undefined && events.length === abort.afterEvents) {
                observations.abortRequested = true;
                if (abort.through === 'run') run.abort('the caller pressed stop');
                else caller.abort('the caller pressed stop');
              }
            }
            return run.result;
          });

          expect(events.filter((event) => event.type === 'done')).toHaveLength(1);
          expect(events.at(-1)).toEqual({ type: 'done', result });
          expect([...stopReasons, 'host_condition']).toContain(result.stopReason);

          const trail = toolEventTrail(events, result);
          expect(new Set(result.toolCalls.map((call) => call.toolCallId)).size).toBe(result.toolCalls.length);
          expect(trail.perCall).toEqual(
            result.toolCalls.map((call) => ['tool-start', `tool-result:${String(call.executed)}`]),
          );
          expect(trail.strays).toEqual([]);
          expect(observations.startsAfterAbort).toEqual([]);

          for (const request of model.requests) expect(unansweredToolCalls(request.messages)).toEqual([]);
          expect(unansweredToolCalls(result.messages)).toEqual([]);
          expect(result.iterations).toBe(model.requests.length);
          // Only the answer request after a cap, which lets the model call no tool, may go past maxIterations.
          const maxIterations = options.maxIterations ?? 10;
          expect(result.iterations).toBeLessThanOrEqual(maxIterations + 1);
          if (result.iterations > maxIterations)
            expect(model.requests.at(-1)?.toolChoice).toEqual({ type: 'none' });

          // An output is an answer that matched; `completed` with `output` always has one; `invalid_output` never.
          if (result.output !== undefined) {
            expect(options.output).toBeDefined();
            expect(typeof (result.output as { n?: unknown }).n).toBe('number');
          }
          if (options.output !== undefined && result.stopReason === 'completed')
            expect(result.output).toBeDefined();
          // A turn that ended on an error (an abort, a timeout, a hook that threw) did not answer.
          if (result.error !== undefined) expect(result).not.toHaveProperty('output');
          if (result.stopReason === 'invalid_output') {
            expect(options.output).toBeDefined();
            expect(result.output).toBeUndefined();
            expect(InvalidOutputError.isInstance(result.error)).toBe(true);
          }

          expect(timersLeft).toBe(0);
          expect(getEventListeners(caller.signal, 'abort')).toEqual([]);
        },
      ),
      { numRuns: 1_000 },
    );
    // A rejection nobody handled is reported after the microtasks of its turn; let that happen first.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  }, 120_000);
});
