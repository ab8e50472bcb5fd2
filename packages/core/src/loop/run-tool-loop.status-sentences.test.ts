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
  const statusModel: Model & { requests: ScriptedModel['requests'] } = {
    provider: 'scripted',
    modelId: 'status',
    requests: scripted.requests,
    async *stream(request) {
      yield* scripted.stream(request);
      statusRead.resolve();
    },
  };
  const lookup = defineTool({
    name: 'lookup',
    inputSchema: { type: 'object' },
    execute: async () => {
      await statusRead.promise;
      // The sentence is shown a few promise steps after its stream ends: one turn of the event loop later.
      await new Promise((resolve) => setImmediate(resolve));
      return 'found';
    },
  });
  return { statusModel, lookup };
}

async function statusLinesFor(text: string, input: JsonValue = {}) {
  const { statusModel, lookup } = statusSetup(text);
  const model = createScriptedModel([{ toolCalls: [{ name: 'lookup', input }] }, { text: 'Done.' }]);
  const { events } = await collectRun(runToolLoop({ model, statusModel, tools: [lookup], prompt: 'Q' }));
  return {
    lines: events.flatMap((event) => (event.type === 'status' ? [event.message] : [])),
    prompt: statusModel.requests[0]?.messages[0]?.content,
  };
}

describe('a generated status sentence', () => {
  it('is asked for with the tool and its arguments', async () => {
    const { prompt } = await statusLinesFor('Looking it up', { city: 'Paris' });

    expect(prompt).toBe(
      [
        'Given this tool call:',
        'Tool: Lookup',
        'Arguments: {"city":"Paris"}',
        '',
        "Generate a single, clear, natural sentence (max 10 words) describing what this action is doing from the user's perspective.",
        'Only return the sentence, nothing else.',
      ].join('\n'),
    );
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
