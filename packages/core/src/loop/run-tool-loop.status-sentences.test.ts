import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../json-value.js';
import type { Model } from '../model/model.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import { createScriptedModel, type ScriptedModel } from '../testing/scripted-model.js';
import { createDeferred } from '../../test/deferred.js';
import { runToolLoop } from './run-tool-loop.js';

/**
 * A status model that answers `text`, and a tool `lookup` that finishes only once that answer has been read and
 * shown (or not): the turn's status lines are then exactly what the loop made of the sentence.
 */
function statusSetup(text: string) {
  const statusRead = createDeferred();
  const scripted = createScriptedModel({ text });
  const statusSignals: AbortSignal[] = [];
  const statusModel: Model & { requests: ScriptedModel['requests'] } = {
    provider: 'scripted',
    modelId: 'status',
    requests: scripted.requests,
    async *stream(request) {
      statusSignals.push(request.signal);
      yield* scripted.stream(request);
      statusRead.resolve();
    },
  };
  /** Whether the status request had been ended by the time the tool finished. */
  const endedBeforeToolFinished: boolean[] = [];
  const lookup = defineTool({
    name: 'lookup',
    inputSchema: { type: 'object' },
    execute: async () => {
      await statusRead.promise;
      // The sentence is shown a few promise steps after its stream ends: one turn of the event loop later.
      await new Promise((resolve) => setImmediate(resolve));
      endedBeforeToolFinished.push(statusSignals.every((signal) => signal.aborted));
      return 'found';
    },
  });
  return { statusModel, lookup, endedBeforeToolFinished };
}

async function statusLinesFor(text: string, input: JsonValue = {}) {
  const { statusModel, lookup, endedBeforeToolFinished } = statusSetup(text);
  const model = createScriptedModel([{ toolCalls: [{ name: 'lookup', input }] }, { text: 'Done.' }]);
  const { events } = await collectRun(runToolLoop({ model, statusModel, tools: [lookup], prompt: 'Q' }));
  return {
    lines: events.flatMap((event) => (event.type === 'status' ? [event.message] : [])),
    messages: statusModel.requests[0]?.messages,
    prompt: statusModel.requests[0]?.messages[0]?.content,
    endedBeforeToolFinished,
  };
}

describe('a generated status sentence', () => {
  it('is asked for with the tool and its arguments, in one user message', async () => {
    const { messages } = await statusLinesFor('Looking it up', { city: 'Paris' });

    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          'Given this tool call:',
          'Tool: Lookup',
          'Arguments: {"city":"Paris"}',
          '',
          "Generate a single, clear, natural sentence (max 10 words) describing what this action is doing from the user's perspective.",
          'Only return the sentence, nothing else.',
        ].join('\n'),
      },
    ]);
  });

  it('is shown as it is when it ends like a sentence, and with "..." added otherwise', async () => {
    const shown = async (text: string) => (await statusLinesFor(text)).lines[2];

    expect(await shown('Looking it up.')).toBe('Looking it up.');
    expect(await shown('Looking it up...')).toBe('Looking it up...');
    expect(await shown('Looking it up…')).toBe('Looking it up…');
    expect(await shown('Found it!')).toBe('Found it!');
    expect(await shown('Is it there?')).toBe('Is it there?');
    expect(await shown('Looking it up')).toBe('Looking it up...');
  });

  it('says (none) for arguments that have no JSON form', async () => {
    const { prompt } = await statusLinesFor('Looking it up', {
      toJSON: () => undefined,
    } as unknown as JsonValue);

    expect(prompt).toContain('\nArguments: (none)\n');
  });

  it('is asked in a request that is ended as soon as the sentence is read', async () => {
    const { endedBeforeToolFinished } = await statusLinesFor('Looking it up');

    expect(endedBeforeToolFinished).toEqual([true]);
  });

  it('shows the arguments whole up to 300 characters, and cut after that', async () => {
    const fits = JSON.stringify({ v: 'x'.repeat(292) });
    const { prompt: whole } = await statusLinesFor('Looking it up', { v: 'x'.repeat(292) });
    const { prompt: cut } = await statusLinesFor('Looking it up', { v: 'x'.repeat(293) });

    expect(fits).toHaveLength(300);
    expect(whole).toContain(`Arguments: ${fits}\n`);
    expect(cut).toContain(`Arguments: ${JSON.stringify({ v: 'x'.repeat(293) }).slice(0, 300)}… (cut)\n`);
  });

  it.each([
    ['  Looking up the weather  ', 'Looking up the weather...'],
    ['Looking up the weather\nand then more', 'Looking up the weather...'],
    ['"Looking up the weather"', 'Looking up the weather...'],
    ['“Looking up the weather”', 'Looking up the weather...'],
    ["'Checking the order.'", 'Checking the order.'],
    ['Checking the order...', 'Checking the order...'],
    ['Looking up the weather  \nand then more', 'Looking up the weather...'],
    ['\nLooking up the weather', 'Looking up the weather...'],
    ['Looking up the "Paris" weather', 'Looking up the "Paris" weather...'],
    ['"“Checking the order.”"', 'Checking the order.'],
    ['...thinking it over', '...thinking it over...'],
  ])('%j shows as %j, after the template line', async (text, shown) => {
    const { lines } = await statusLinesFor(text);

    expect(lines).toEqual([
      'Analyzing request...',
      'Using Lookup...',
      shown,
      'Processing tool results...',
      'Formulating response...',
    ]);
  });

  it.each([[''], ['   '], ['""']])('%j shows nothing but the template line', async (text) => {
    const { lines } = await statusLinesFor(text);

    expect(lines).toEqual([
      'Analyzing request...',
      'Using Lookup...',
      'Processing tool results...',
      'Formulating response...',
    ]);
  });

  it('is asked of the turn’s own model when statusMessages is generated and no statusModel is given', async () => {
    const model = createScriptedModel((request, index) =>
      request.tools.length === 0
        ? { text: 'Looking it up' }
        : index === 0
          ? { toolCalls: [{ name: 'lookup', input: {} }] }
          : { text: 'Done.' },
    );
    const quick = defineTool({ name: 'lookup', inputSchema: { type: 'object' }, execute: () => 'found' });
    await runToolLoop({ model, statusMessages: 'generated', tools: [quick], prompt: 'Q' }).result;

    expect(model.requests.some((request) => request.maxTokens === 20 && request.tools.length === 0)).toBe(
      true,
    );
  });
});

describe('a generated status request', () => {
  const quick = defineTool({ name: 'lookup', inputSchema: { type: 'object' }, execute: () => 'found' });
  const lookupThenAnswer = () =>
    createScriptedModel([{ toolCalls: [{ name: 'lookup', input: {} }] }, { text: 'Done.' }]);

  it('still running when the turn ends is cancelled, with a reason that says why', async () => {
    const signals: AbortSignal[] = [];
    const statusModel = createScriptedModel((request) => {
      signals.push(request.signal);
      return { hang: true };
    });
    const result = await runToolLoop({ model: lookupThenAnswer(), statusModel, tools: [quick], prompt: 'Q' })
      .result;

    expect(result.stopReason).toBe('completed');
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toEqual(new Error('The turn ended before its status line was ready.'));
  });

  it('is cancelled the moment the turn is aborted, with the caller’s reason', async () => {
    const asked = createDeferred<AbortSignal>();
    const statusModel = createScriptedModel((request) => {
      asked.resolve(request.signal);
      return { hang: true };
    });
    const waiting = defineTool({
      name: 'lookup',
      inputSchema: { type: 'object' },
      execute: (_input, { signal }) =>
        new Promise<string>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reject(new Error('cancelled'));
          });
        }),
    });
    const run = runToolLoop({ model: lookupThenAnswer(), statusModel, tools: [waiting], prompt: 'Q' });
    const statusSignal = await asked.promise;
    const reason = new Error('The user closed the chat.');
    run.abort(reason);

    expect(statusSignal.reason).toBe(reason);
    expect((await run.result).stopReason).toBe('aborted');
  });

  it('whose sentence arrives after its call has finished shows nothing, even while the next call runs', async () => {
    const firstMayAnswer = createDeferred();
    const firstAnswered = createDeferred();
    const statusModel: Model = {
      provider: 'scripted',
      modelId: 'status',
      async *stream(request) {
        const prompt = request.messages[0]?.content;
        if (typeof prompt === 'string' && prompt.includes('Tool: First')) {
          await firstMayAnswer.promise;
          yield { type: 'text', text: 'Doing the first thing' };
          yield { type: 'finish', finishReason: 'end', usage: { inputTokens: 1, outputTokens: 1 } };
          firstAnswered.resolve();
          return;
        }
        // The second call's sentence never comes.
        await new Promise((_resolve, reject) => {
          request.signal.addEventListener('abort', () => {
            reject(new Error('cancelled'));
          });
        });
      },
    };
    const first = defineTool({ name: 'first', inputSchema: { type: 'object' }, execute: () => 'one' });
    const second = defineTool({
      name: 'second',
      inputSchema: { type: 'object' },
      execute: async () => {
        firstMayAnswer.resolve();
        await firstAnswered.promise;
        // The sentence would be shown a few promise steps after its stream ends: one turn of the event loop later.
        await new Promise((resolve) => setImmediate(resolve));
        return 'two';
      },
    });
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'first', input: {} },
          { name: 'second', input: {} },
        ],
      },
      { text: 'Done.' },
    ]);
    const { events } = await collectRun(
      runToolLoop({ model, statusModel, tools: [first, second], prompt: 'Q', toolConcurrency: 1 }),
    );

    expect(events.flatMap((event) => (event.type === 'status' ? [event.message] : []))).toEqual([
      'Analyzing request...',
      'Using First...',
      'Using Second...',
      'Processing tool results...',
      'Formulating response...',
    ]);
  });
});
