import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import { createToolOutput } from '../tools/to-tool-output.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { createDeferred } from '../../test/deferred.js';
import { runToolLoop } from './run-tool-loop.js';

const search = defineTool({
  name: 'search',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `Results for ${query}`,
});

/** A model that calls `search` with a preamble until it may call no tool (`toolChoice: none`), then answers. */
const toolHungryModel = () =>
  createScriptedModel((request, index) =>
    request.toolChoice?.type === 'none'
      ? { text: 'The answer, from what I gathered.' }
      : { text: `Let me search (${index}).`, toolCalls: [{ name: 'search', input: { query: `q${index}` } }] },
  );

describe('the final answer at a round or tool-call cap always happens', () => {
  it('maxRounds alone (10) ends max_rounds with the answer of a last request without tools', async () => {
    const model = toolHungryModel();
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', maxRounds: 10 }).result;

    expect(result).toMatchObject({
      stopReason: 'max_rounds',
      text: 'The answer, from what I gathered.',
      rounds: 10,
      iterations: 11,
    });
  });

  it('maxRounds above the default request limit raises that limit to match', async () => {
    const result = await runToolLoop({
      model: toolHungryModel(),
      tools: [search],
      prompt: 'Q',
      maxRounds: 15,
    }).result;

    expect(result).toMatchObject({ stopReason: 'max_rounds', rounds: 15, iterations: 16 });
  });

  it('a tool-call limit reached on the last allowed request still gets its answer', async () => {
    const model = toolHungryModel();
    const result = await runToolLoop({
      model,
      tools: [search],
      prompt: 'Q',
      maxIterations: 4,
      maxToolCalls: 3,
    }).result;

    expect(result).toMatchObject({
      stopReason: 'tool_limit',
      text: 'The answer, from what I gathered.',
      iterations: 5,
    });
    expect(model.requests.at(-1)?.toolChoice).toEqual({ type: 'none' });
  });

  it('maxIterations still stops a turn whose caps are not reached, without a final request', async () => {
    const model = toolHungryModel();
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', maxIterations: 3, maxRounds: 5 })
      .result;

    expect(result).toMatchObject({ stopReason: 'max_iterations', iterations: 3 });
  });
});

describe('result.text', () => {
  it('is what streamed of the response a timeout interrupted', async () => {
    const model = createScriptedModel({ text: 'I was about to', chunkSize: 5, hang: true });
    const result = await runToolLoop({ model, prompt: 'Q', timeoutMs: 10 }).result;

    expect(result).toMatchObject({ stopReason: 'timeout', text: 'I was about to' });
  });

  it('is the text of the last response when the turn is aborted while its tools run', async () => {
    const started = createDeferred();
    const hang = defineTool({
      name: 'hang',
      inputSchema: z.object({}),
      execute: (_input, { signal }) => {
        started.resolve();
        return new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reject(new Error('stopped'));
          });
        });
      },
    });
    const model = createScriptedModel([
      { text: 'Searching first.', toolCalls: [{ name: 'search', input: { query: 'a' } }] },
      { text: 'Now the slow one.', toolCalls: [{ name: 'hang', input: {} }] },
    ]);
    const run = runToolLoop({ model, tools: [search, hang], prompt: 'Q' });
    await started.promise;
    run.abort();

    expect(await run.result).toMatchObject({ stopReason: 'aborted', text: 'Now the slow one.' });
  });

  it('joins a paused response with the response that continues it', async () => {
    const model = createScriptedModel([{ text: 'Part one. ', finishReason: 'pause' }, { text: 'Part two.' }]);
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'Part one. Part two.', iterations: 2 });
  });

  it('continues a paused response that holds only thinking, as it does one with text', async () => {
    const model = createScriptedModel([
      { thinking: 'Working on it.', finishReason: 'pause' },
      { text: 'The answer.' },
    ]);
    const result = await runToolLoop({ model, prompt: 'Q' }).result;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'The answer.', iterations: 2 });
    expect(model.requests).toHaveLength(2);
  });
});

describe('generated status lines are a cost the result reports', () => {
  it('statusUsage sums the status requests; usage stays the turn’s own', async () => {
    const statusModel = createScriptedModel({
      text: 'Searching for Paris.',
      usage: { inputTokens: 40, outputTokens: 6 },
    });
    const statusShown = createDeferred();
    const waitForStatus = defineTool({
      name: 'search',
      inputSchema: z.object({ query: z.string() }),
      execute: async () => {
        await statusShown.promise;
        return 'found';
      },
    });
    const model = createScriptedModel([
      {
        toolCalls: [{ name: 'search', input: { query: 'Paris' } }],
        usage: { inputTokens: 100, outputTokens: 10 },
      },
      { text: 'Done.', usage: { inputTokens: 120, outputTokens: 5 } },
    ]);
    const run = runToolLoop({ model, statusModel, tools: [waitForStatus], prompt: 'Q' });
    for await (const event of run) {
      if (event.type === 'status' && event.message === 'Searching for Paris.') statusShown.resolve();
    }
    const result = await run.result;

    expect(result.usage).toEqual({ inputTokens: 220, outputTokens: 15 });
    expect(result.statusUsage).toEqual({ inputTokens: 40, outputTokens: 6 });
  });

  it('is zero when no status line is generated', async () => {
    const result = await runToolLoop({ model: createScriptedModel({ text: 'Hi.' }), prompt: 'Q' }).result;

    expect(result.statusUsage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });
});

describe('what a tool returns', () => {
  it('a plain object is data, even when it has a content field', async () => {
    const count = defineTool({
      name: 'count',
      inputSchema: z.object({}),
      execute: () => ({ content: [], total: 0 }),
    });
    const model = createScriptedModel([{ toolCalls: [{ name: 'count', input: {} }] }, { text: 'None.' }]);
    const result = await runToolLoop({ model, tools: [count], prompt: 'Q' }).result;

    expect(result.toolCalls[0]?.output).toEqual({
      content: [{ type: 'text', text: '{"content":[],"total":0}' }],
      structuredContent: { content: [], total: 0 },
    });
  });

  it('content blocks pass as they are when the tool says so with createToolOutput', async () => {
    const picture = defineTool({
      name: 'picture',
      inputSchema: z.object({}),
      execute: () =>
        createToolOutput({
          content: [
            { type: 'text', text: 'A cat.' },
            { type: 'image', data: 'aGk=', mediaType: 'image/png' },
          ],
        }),
    });
    const model = createScriptedModel([{ toolCalls: [{ name: 'picture', input: {} }] }, { text: 'A cat.' }]);
    const result = await runToolLoop({ model, tools: [picture], prompt: 'Q' }).result;

    expect(result.toolCalls[0]?.output).toEqual({
      content: [
        { type: 'text', text: 'A cat.' },
        { type: 'image', data: 'aGk=', mediaType: 'image/png' },
      ],
    });
  });
});

describe('the reserved answer request', () => {
  it('is one request: an answer that keeps pausing past it ends max_iterations', async () => {
    const model = createScriptedModel((request) =>
      request.toolChoice?.type === 'none'
        ? { text: 'Still thinking. ', finishReason: 'pause' }
        : { toolCalls: [{ name: 'search', input: { query: 'q' } }] },
    );
    const result = await runToolLoop({ model, tools: [search], prompt: 'Q', maxRounds: 1, maxIterations: 3 })
      .result;

    expect(result).toMatchObject({ stopReason: 'max_iterations', iterations: 4 });
  });
});
