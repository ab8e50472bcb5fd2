import { describe, expect, it } from 'vitest';
import { HookError } from '../errors/hook-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel, type ScriptedResponse } from '../testing/scripted-model.js';
import { defineTool } from '../tools/define-tool.js';
import { runToolLoop } from './run-tool-loop.js';
import type { ToolJournalEntry } from './tool-journal.js';
import type { TurnCheckpoint } from './turn-checkpoint.js';
import { toolResultTexts } from '../../test/tool-result-texts.js';

/** Four tools that count their runs: a charge (runs once only), a lookup (idempotent), an email, a refund. */
function createShop() {
  const runs: Record<string, number> = { charge: 0, lookup: 0, email: 0, refund: 0 };
  const tool = (name: string, idempotent?: boolean | ((input: { id?: number }) => boolean)) =>
    defineTool({
      name,
      inputSchema: { type: 'object', properties: { id: { type: 'integer' } } },
      execute: () => {
        runs[name] = (runs[name] ?? 0) + 1;
        return `${name} done`;
      },
      ...(idempotent === undefined ? {} : { idempotent }),
    });
  return {
    runs,
    tools: [tool('charge'), tool('lookup', true), tool('email'), tool('refund', (input) => input.id === 7)],
  };
}

const calls: ScriptedResponse = {
  toolCalls: [
    { id: 'c1', name: 'charge', input: {} },
    { id: 'c2', name: 'lookup', input: {} },
    { id: 'c3', name: 'email', input: {} },
    { id: 'c4', name: 'refund', input: { id: 7 } },
    { id: 'c5', name: 'refund', input: { id: 8 } },
  ],
};

/** Runs the turn once, keeping the checkpoint taken as its calls started: where a crash mid-round leaves it. */
async function runningCheckpointOfShop(): Promise<TurnCheckpoint> {
  const checkpoints: TurnCheckpoint[] = [];
  const { tools } = createShop();
  await collectRun(
    runToolLoop({
      model: createScriptedModel([calls, { text: 'Done.' }]),
      prompt: 'Charge, look up, email and refund.',
      tools,
      toolJournal: { record: () => undefined },
      onCheckpoint: (checkpoint) => {
        checkpoints.push(checkpoint);
      },
    }),
  );
  const running = checkpoints.find((checkpoint) => checkpoint.runningStep !== undefined);
  if (running === undefined) throw new Error('no checkpoint was taken as the calls started');
  return running;
}

describe('runToolLoop with a tool journal', () => {
  it('records each call as started before it runs and as finished before its result is used, after a checkpoint of the calls', async () => {
    const log: string[] = [];
    const journal: ToolJournalEntry[] = [];
    const probe = defineTool({
      name: 'probe',
      inputSchema: { type: 'object' },
      execute: () => {
        log.push('runs');
        return 'probed';
      },
    });

    const { result } = await collectRun(
      runToolLoop({
        model: createScriptedModel([
          { toolCalls: [{ id: 'p1', name: 'probe', input: {} }] },
          { text: 'Done.' },
        ]),
        prompt: 'Probe.',
        tools: [probe],
        toolJournal: {
          record: async (entry) => {
            await Promise.resolve();
            log.push(entry.status);
            journal.push(entry);
          },
        },
        onCheckpoint: (checkpoint) => {
          log.push(checkpoint.runningStep === undefined ? 'checkpoint' : 'checkpoint of running calls');
        },
      }),
    );

    expect(log).toEqual([
      'checkpoint',
      'checkpoint of running calls',
      'started',
      'runs',
      'finished',
      'checkpoint',
    ]);
    expect(journal).toEqual([
      { toolCallId: 'p1', name: 'probe', status: 'started' },
      {
        toolCallId: 'p1',
        name: 'probe',
        status: 'finished',
        output: { content: [{ type: 'text', text: 'probed' }] },
        isError: false,
      },
    ]);
    expect(result.stopReason).toBe('completed');
  });

  it('resumed after a crash, runs no call twice: finished ones answered from the journal, started ones run again only if idempotent', async () => {
    const checkpoint = await runningCheckpointOfShop();
    const { runs, tools } = createShop();
    const model = createScriptedModel({ text: 'Done.' });
    const recorded: ToolJournalEntry[] = [];

    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools,
        resume: { turn: checkpoint },
        toolJournal: {
          entries: {
            c1: { toolCallId: 'c1', name: 'charge', status: 'started' },
            c2: { toolCallId: 'c2', name: 'lookup', status: 'started' },
            c3: {
              toolCallId: 'c3',
              name: 'email',
              status: 'finished',
              output: { content: [{ type: 'text', text: 'email sent before the crash' }] },
              isError: false,
            },
            c4: { toolCallId: 'c4', name: 'refund', status: 'started' },
            c5: { toolCallId: 'c5', name: 'refund', status: 'started' },
          },
          record: (entry) => {
            recorded.push(entry);
          },
        },
      }),
    );

    expect(runs).toEqual({ charge: 0, lookup: 1, email: 0, refund: 1 });
    const interrupted = (name: string) =>
      `Interrupted: '${name}' started before the host running this turn stopped, and whether it finished is ` +
      'unknown. It was not run again, since running it twice could repeat its effect: check its effect before ' +
      'calling it again.';
    expect(toolResultTexts(model.requests[0]?.messages ?? [])).toEqual({
      c1: interrupted('charge'),
      c2: 'lookup done',
      c3: 'email sent before the crash',
      c4: 'refund done',
      c5: interrupted('refund'),
    });
    expect(
      events.filter((event) => event.type === 'error').map((event) => [event.code, event.toolCallId]),
    ).toEqual([
      ['tool_interrupted', 'c1'],
      ['tool_interrupted', 'c5'],
    ]);
    expect(recorded.map((entry) => `${entry.toolCallId} ${entry.status}`)).toEqual([
      'c2 finished',
      'c4 finished',
    ]);
    expect(result.stopReason).toBe('completed');
  });

  it("runs a started call again when the loop's idempotent rule says so, for any tool", async () => {
    const checkpoint = await runningCheckpointOfShop();
    const { runs, tools } = createShop();

    await collectRun(
      runToolLoop({
        model: createScriptedModel({ text: 'Done.' }),
        tools,
        resume: { turn: checkpoint },
        idempotent: ({ name }) => name === 'charge',
        toolJournal: {
          entries: { c1: { toolCallId: 'c1', name: 'charge', status: 'started' } },
          record: () => undefined,
        },
      }),
    );

    expect(runs.charge).toBe(1);
  });

  it('runs no call whose start could not be recorded, and ends the turn with hook_error', async () => {
    const { runs, tools } = createShop();

    const { result } = await collectRun(
      runToolLoop({
        model: createScriptedModel([calls, { text: 'Done.' }]),
        prompt: 'Charge.',
        tools,
        toolJournal: {
          record: () => {
            throw new Error('the database is gone');
          },
        },
      }),
    );

    expect(runs).toEqual({ charge: 0, lookup: 0, email: 0, refund: 0 });
    expect(result.stopReason).toBe('hook_error');
    expect(HookError.isInstance(result.error) && result.error.message).toBe(
      'toolJournal threw: the database is gone',
    );
  });

  it('refuses decisions for a checkpoint taken while its calls ran, and such a checkpoint without its calls', async () => {
    const checkpoint = await runningCheckpointOfShop();
    const { tools } = createShop();
    const resume = async (turn: TurnCheckpoint, decisions?: Record<string, { approved: true }>) =>
      collectRun(
        runToolLoop({
          model: createScriptedModel({ text: 'Done.' }),
          tools,
          resume: decisions === undefined ? { turn } : { turn, decisions },
          toolJournal: { record: () => undefined },
        }),
      );

    const withDecisions = await resume(checkpoint, { c1: { approved: true } }).catch(
      (error: unknown) => error,
    );
    const withoutCalls = await resume({ ...checkpoint, messages: checkpoint.messages.slice(0, 1) }).catch(
      (error: unknown) => error,
    );

    expect(InvalidArgumentError.isInstance(withDecisions) && withDecisions.argument).toBe('resume.decisions');
    expect(InvalidArgumentError.isInstance(withoutCalls) && withoutCalls.argument).toBe('resume.turn');
  });

  describe('answers from the journal a call that ran, when the resumed turn does not run it', () => {
    const finished = (toolCallId: string, name: string, text: string): ToolJournalEntry => ({
      toolCallId,
      name,
      status: 'finished',
      output: { content: [{ type: 'text', text }] },
      isError: false,
    });

    it.each([
      // The checkpoint says the turn had run 10 s already: past its deadline of 5 s.
      ['its deadline passed while the host was down', { timeoutMs: 5_000 }, 10_000],
      ['it is aborted at once', { signal: AbortSignal.abort('the user pressed stop') }, 0],
    ])('when %s', async (_when, options, elapsedMs) => {
      const running = await runningCheckpointOfShop();
      const checkpoint = { ...running, state: { ...running.state, elapsedMs } };
      const { runs, tools } = createShop();

      const { result } = await collectRun(
        runToolLoop({
          model: createScriptedModel({ text: 'Done.' }),
          tools,
          resume: { turn: checkpoint },
          toolJournal: {
            entries: {
              c1: { toolCallId: 'c1', name: 'charge', status: 'started' },
              c3: finished('c3', 'email', 'email sent before the crash'),
            },
            record: () => undefined,
          },
          ...options,
        }),
      );

      expect(runs).toEqual({ charge: 0, lookup: 0, email: 0, refund: 0 });
      expect(toolResultTexts(result.messages)).toMatchObject({
        c1: expect.stringMatching(/^Interrupted: 'charge' started/) as string,
        c2: expect.stringMatching(/^Not executed: the turn/) as string,
        c3: 'email sent before the crash',
      });
    });

    it('after a call that was interrupted, when a failure streak stops the others', async () => {
      const checkpoint = await runningCheckpointOfShop();
      const { runs, tools } = createShop();

      const { result } = await collectRun(
        runToolLoop({
          model: createScriptedModel({ text: 'Done.' }),
          tools,
          maxConsecutiveErrors: 1,
          toolConcurrency: 1,
          resume: { turn: checkpoint },
          toolJournal: {
            entries: {
              c1: { toolCallId: 'c1', name: 'charge', status: 'started' },
              c3: finished('c3', 'email', 'email sent before the crash'),
            },
            record: () => undefined,
          },
        }),
      );

      expect(runs.email).toBe(0);
      expect(toolResultTexts(result.messages).c3).toBe('email sent before the crash');
    });
  });

  it("keeps a call's result when its end could not be recorded, then ends the turn with hook_error", async () => {
    const { runs, tools } = createShop();

    const { result } = await collectRun(
      runToolLoop({
        model: createScriptedModel([
          { toolCalls: [{ id: 'c3', name: 'email', input: {} }] },
          { text: 'Done.' },
        ]),
        prompt: 'Email.',
        tools,
        toolJournal: {
          record: (entry) => {
            if (entry.status === 'finished') throw new Error('connection reset by peer');
          },
        },
      }),
    );

    expect(runs.email).toBe(1);
    expect(toolResultTexts(result.messages)).toEqual({ c3: 'email done' });
    expect(result.stopReason).toBe('hook_error');
  });

  it('goes on with the calls of a round as they were decided, though an approval rule now asks for one', async () => {
    const checkpoint = await runningCheckpointOfShop();
    const { runs, tools } = createShop();

    const { result } = await collectRun(
      runToolLoop({
        model: createScriptedModel({ text: 'Done.' }),
        tools,
        needsApproval: ({ name }) => name === 'refund',
        resume: { turn: checkpoint },
        toolJournal: { record: () => undefined },
      }),
    );

    expect(result.stopReason).toBe('completed');
    expect(runs).toEqual({ charge: 1, lookup: 1, email: 1, refund: 2 });
  });
});
