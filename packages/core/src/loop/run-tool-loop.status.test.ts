import { describe, expect, it } from 'vitest';
import type { Model } from '../model/model.js';
import { z } from 'zod';
import type { LoopEvent } from './loop-event.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { createDeferred } from '../../test/deferred.js';
import { runToolLoop } from './run-tool-loop.js';

const statusMessages = (events: LoopEvent[]) =>
  events.flatMap((event) => (event.type === 'status' ? [event.message] : []));

describe('status lines', () => {
  it('template lines: analyzing, per tool, failure, processing, formulating', async () => {
    const lookup = defineTool({
      name: 'lookup_tool',
      inputSchema: { type: 'object' },
      execute: () => 'found',
    });
    const broken = defineTool({
      name: 'file_read',
      inputSchema: { type: 'object' },
      execute: () => {
        throw new Error('ENOENT');
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'lookup_tool', input: {} }] },
      { toolCalls: [{ name: 'file_read', input: {} }] },
      { text: 'Answer.' },
    ]);
    const { events } = await collectRun(runToolLoop({ model, tools: [lookup, broken], prompt: 'Q' }));

    expect(statusMessages(events)).toEqual([
      'Analyzing request...',
      'Using Lookup Tool...',
      'Processing tool results...',
      'Using File Read...',
      'Tool File Read failed, trying alternative approach...',
      'Processing tool results...',
      'Formulating response...',
    ]);
  });

  it('statusMessages: off streams no status lines', async () => {
    const model = createScriptedModel({ text: 'Hi.' });
    const { events } = await collectRun(
      runToolLoop({ model, prompt: 'Q', statusMessages: 'off', maxIterations: 1 }),
    );

    expect(statusMessages(events)).toEqual([]);
  });

  it('with a statusModel, the per-tool line is a generated sentence, asked for in a quick request', async () => {
    const statusModel = createScriptedModel({ text: 'Looking up the weather in Paris' });
    const generated = createDeferred();
    const weather = defineTool({
      name: 'get_weather',
      inputSchema: z.object({ city: z.string() }),
      execute: async () => {
        await generated.promise;
        return 'Sunny';
      },
    });
    const model = createScriptedModel([
      { toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
      { text: 'Sunny.' },
    ]);
    const run = runToolLoop({ model, tools: [weather], prompt: 'Q', statusModel });
    const events: LoopEvent[] = [];
    for await (const event of run) {
      events.push(event);
      if (event.type === 'status' && event.message.startsWith('Looking up')) generated.resolve();
    }

    expect(statusMessages(events)).toContain('Looking up the weather in Paris...');
    expect(statusModel.requests[0]).toMatchObject({ maxTokens: 20, tools: [] });
    expect(statusModel.requests[0]?.messages[0]?.content).toContain(
      'Tool: Get Weather\nArguments: {"city":"Paris"}',
    );
  });

  it('the tool does not wait for its status sentence; the template line shows at once', async () => {
    const statusModel = createScriptedModel({ hang: true });
    const quick = defineTool({ name: 'quick', inputSchema: { type: 'object' }, execute: () => 'done' });
    const model = createScriptedModel([{ toolCalls: [{ name: 'quick', input: {} }] }, { text: 'Done.' }]);
    const { events, result } = await collectRun(
      runToolLoop({ model, tools: [quick], prompt: 'Q', statusModel }),
    );

    expect(result.stopReason).toBe('completed');
    expect(statusMessages(events)).toContain('Using Quick...');
    expect(statusModel.requests).toHaveLength(1);
  });

  it('a sentence that arrives after its tool finished is not shown, but its cost is counted', async () => {
    const toolFinished = createDeferred();
    const statusRead = createDeferred();
    const scripted = createScriptedModel(async () => {
      await toolFinished.promise;
      return { text: 'Doing something quick', usage: { inputTokens: 30, outputTokens: 4 } };
    });
    // Resumes after the loop has read the status stream's last part, finish and usage included.
    const statusModel: Model = {
      provider: 'scripted',
      modelId: 'status',
      async *stream(request) {
        yield* scripted.stream(request);
        statusRead.resolve();
      },
    };
    const quick = defineTool({ name: 'quick', inputSchema: { type: 'object' }, execute: () => 'done' });
    const model = createScriptedModel(async (_request, index) => {
      if (index === 0) return { toolCalls: [{ name: 'quick', input: {} }] };
      await statusRead.promise;
      return { text: 'Done.' };
    });
    const run = runToolLoop({ model, tools: [quick], prompt: 'Q', statusModel });
    const events: LoopEvent[] = [];
    for await (const event of run) {
      events.push(event);
      if (event.type === 'tool-result') toolFinished.resolve();
    }
    const result = await run.result;

    expect(statusMessages(events)).not.toContain('Doing something quick...');
    expect(result.statusUsage).toEqual({ inputTokens: 30, outputTokens: 4 });
  });

  it('falls back to the template line when the status model fails', async () => {
    const statusModel = createScriptedModel({ error: new Error('rate limited') });
    const waiting = createDeferred();
    const slow = defineTool({
      name: 'slow_job',
      inputSchema: { type: 'object' },
      execute: async () => {
        await waiting.promise;
        return 'done';
      },
    });
    const model = createScriptedModel([{ toolCalls: [{ name: 'slow_job', input: {} }] }, { text: 'Done.' }]);
    const run = runToolLoop({ model, tools: [slow], prompt: 'Q', statusModel });
    const events: LoopEvent[] = [];
    for await (const event of run) {
      events.push(event);
      if (event.type === 'status' && event.message === 'Using Slow Job...') waiting.resolve();
    }

    expect(statusMessages(events)).toContain('Using Slow Job...');
  });
});

describe('progressive prompt', () => {
  it('adds round-specific guidance to the system prompt, and a final one to the no-tools request', async () => {
    const search = defineTool({ name: 'search', inputSchema: { type: 'object' }, execute: () => 'hit' });
    const call = { toolCalls: [{ name: 'search', input: {} }] };
    const model = createScriptedModel([call, call, { text: 'Answer.' }]);
    await runToolLoop({
      model,
      tools: [search],
      system: 'You answer questions.',
      prompt: 'Q',
      maxRounds: 2,
      progressivePrompt: true,
    }).result;

    expect(model.requests.map((request) => request.system)).toEqual([
      'You answer questions.\n\n[Round 1] If a tool is relevant to the request, call it.',
      'You answer questions.\n\n[Round 2] You may call one more tool if you still need information, or give your final answer.',
      'You answer questions.\n\n[Final round] No tools are available now. Give your final answer from the information you have.',
    ]);
  });

  it('takes custom texts', async () => {
    const model = createScriptedModel({ text: 'Answer.' });
    await runToolLoop({ model, prompt: 'Q', progressivePrompt: { first: 'Round {round}: go.' } }).result;

    expect(model.requests[0]?.system).toBe('Round 1: go.');
  });
});
