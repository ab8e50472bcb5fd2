import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Message } from '../model/messages.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import {
  createScriptedModel,
  type ScriptedModelRequest as RecordedRequest,
} from '../testing/scripted-model.js';
import { createReadPage, page, pauseAndResumeApproved, readPage, reader } from '../../test/handbook.js';
import { runToolLoop } from './run-tool-loop.js';

const plan = defineTool({
  name: 'plan',
  inputSchema: z.object({ step: z.string() }),
  execute: ({ step }) => `Plan: ${step}. ${'Keep going. '.repeat(160)}`,
});

/** The text each tool result of a request carried, in order. */
function resultTexts(request: RecordedRequest | undefined): string[] {
  return (request?.messages ?? []).flatMap((message: Message) =>
    message.role === 'tool'
      ? message.content.map((result) =>
          result.output.content.map((block) => (block.type === 'text' ? block.text : '')).join(''),
        )
      : [],
  );
}

const cleared = (tool: string) =>
  `[Cleared to save context: this result of ${tool} is no longer shown. Call the tool again if you need it.]`;
const clearedError = (tool: string) => `[Cleared to save context: this error of ${tool} is no longer shown.]`;

describe('contextLimit', () => {
  it('sends older tool results as a placeholder once the messages pass maxTokens, and keeps them cleared', async () => {
    const model = reader(4);
    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read the handbook.',
        contextLimit: { maxTokens: 1_400, keepToolResults: 1 },
      }),
    );

    expect(result.stopReason).toBe('completed');
    // Request 3 holds two pages (about 1,100 tokens): under the limit. Request 4 holds three: the two older are
    // cleared. Request 5 holds one more page and is under the limit again with the two kept cleared.
    expect(model.requests.map(resultTexts)).toEqual([
      [],
      [page('a')],
      [page('a'), page('b')],
      [cleared('read_page'), cleared('read_page'), page('c')],
      [cleared('read_page'), cleared('read_page'), page('c'), page('d')],
    ]);
    const warnings = events.filter((event) => event.type === 'warning');
    expect(warnings).toEqual([
      {
        type: 'warning',
        code: 'tool_results_cleared',
        message: expect.stringMatching(
          /^The conversation was about \d+ tokens, past contextLimit\.maxTokens \(1400\): the results of 2 older tool calls \(call-1, call-2\) are sent as a placeholder from now on, leaving about \d+ tokens\.$/,
        ) as unknown,
      },
    ]);
    // The turn's transcript keeps every result whole.
    expect(resultTexts({ messages: result.messages, tools: [] })).toEqual([
      page('a'),
      page('b'),
      page('c'),
      page('d'),
    ]);
  });

  it('clears again each time the messages pass the limit again, naming the calls it clears', async () => {
    const model = reader(6);
    const { events } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read the handbook.',
        contextLimit: { maxTokens: 1_400, keepToolResults: 1 },
      }),
    );

    // Request 6 holds c, d and e whole: past the limit, c and d go. Request 7 holds e and f and four
    // placeholders: under it again, nothing more goes.
    expect(resultTexts(model.requests[5]).slice(2)).toEqual([
      cleared('read_page'),
      cleared('read_page'),
      page('e'),
    ]);
    expect(resultTexts(model.requests[6])).toEqual([
      ...Array.from({ length: 4 }, () => cleared('read_page')),
      page('e'),
      page('f'),
    ]);
    expect(
      events.flatMap((event) =>
        event.type === 'warning' ? [/\(([^)]*)\) are/.exec(event.message)?.[1]] : [],
      ),
    ).toEqual(['call-1, call-2', 'call-3, call-4']);
  });

  it('keeps the most recent results whole (3 by default), those of excludeTools always, and the error flag', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'plan', input: { step: 'outline' } }] },
      { toolCalls: [{ id: 'call-2', name: 'read_page', input: { topic: 'a' } }] },
      { toolCalls: [{ id: 'call-3', name: 'read_page', input: {} }] },
      { toolCalls: [{ id: 'call-4', name: 'read_page', input: { topic: 'b' } }] },
      { toolCalls: [{ id: 'call-5', name: 'read_page', input: { topic: 'c' } }] },
      { toolCalls: [{ id: 'call-6', name: 'read_page', input: { topic: 'd' } }] },
      { text: 'Done.' },
    ]);

    await runToolLoop({
      model,
      tools: [plan, readPage],
      prompt: 'Plan, then read.',
      contextLimit: { maxTokens: 100, excludeTools: ['plan'] },
    }).result;

    const last = model.requests.at(-1);
    const texts = resultTexts(last);
    expect(texts[0]).toMatch(/^Plan: outline\./);
    // An error result cleared does not invite the model to call again.
    expect(texts.slice(1, 3)).toEqual([cleared('read_page'), clearedError('read_page')]);
    expect(texts.slice(3)).toEqual([page('b'), page('c'), page('d')]);
    const invalidCall = last?.messages
      .flatMap((message) => (message.role === 'tool' ? message.content : []))
      .find((result) => result.toolCallId === 'call-3');
    expect(invalidCall).toMatchObject({ isError: true, output: { isError: true } });
  });

  it('never clears the latest round, which the model has not read, whatever keepToolResults says', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 'call-1', name: 'read_page', input: { topic: 'a' } },
          { id: 'call-2', name: 'read_page', input: { topic: 'b' } },
        ],
      },
      {
        toolCalls: [
          { id: 'call-3', name: 'read_page', input: { topic: 'c' } },
          { id: 'call-4', name: 'read_page', input: { topic: 'd' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const { events } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read.',
        contextLimit: { maxTokens: 1, keepToolResults: 0 },
      }),
    );

    expect(model.requests.map(resultTexts)).toEqual([
      [],
      [page('a'), page('b')],
      [cleared('read_page'), cleared('read_page'), page('c'), page('d')],
    ]);
    expect(events.filter((event) => event.type === 'warning')).toHaveLength(1);
  });

  it('counts the latest round against keepToolResults, and names a single call in the singular', async () => {
    const model = reader(3);
    const { events } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read.',
        contextLimit: { maxTokens: 1, keepToolResults: 2 },
      }),
    );

    // Request 3: a and b, both kept. Request 4: a goes; b is kept with the latest round, c.
    expect(resultTexts(model.requests[3])).toEqual([cleared('read_page'), page('b'), page('c')]);
    expect(events.filter((event) => event.type === 'warning')).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(
          'the result of 1 older tool call (call-1) is sent as a placeholder',
        ) as unknown,
      }),
    ]);
  });

  it('counts what the model reads, not the signatures of its thinking', async () => {
    const signature = 'x'.repeat(40_000);
    const model = createScriptedModel((_request, index) =>
      index < 3
        ? {
            thinking: { text: 'Next page.', providerData: { signature } },
            toolCalls: [
              { id: `call-${index + 1}`, name: 'read_page', input: { topic: 'abc'[index] ?? 'z' } },
            ],
          }
        : { text: 'Done.' },
    );
    const { events } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read.',
        contextLimit: { maxTokens: 2_000, keepToolResults: 1 },
      }),
    );

    // Three pages and three thoughts are about 1,500 tokens; the signatures (30,000 tokens of JSON) are not read.
    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
    expect(resultTexts(model.requests.at(-1))).toEqual([page('a'), page('b'), page('c')]);
  });

  it('keeps every result when keepToolResults is more than there are, and warns of nothing', async () => {
    const model = reader(2);
    const { events } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read.',
        contextLimit: { maxTokens: 1, keepToolResults: 5 },
      }),
    );

    expect(resultTexts(model.requests.at(-1))).toEqual([page('a'), page('b')]);
    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
  });

  it('sends every result whole without a limit, or under it', async () => {
    const unlimited = reader(3);
    const under = reader(3);
    await runToolLoop({ model: unlimited, tools: [readPage], prompt: 'Read.' }).result;
    await runToolLoop({
      model: under,
      tools: [readPage],
      prompt: 'Read.',
      contextLimit: { maxTokens: 100_000, keepToolResults: 0 },
    }).result;

    expect(resultTexts(unlimited.requests.at(-1))).toEqual([page('a'), page('b'), page('c')]);
    expect(resultTexts(under.requests.at(-1))).toEqual([page('a'), page('b'), page('c')]);
  });

  it.each([
    [{}, 'contextLimit.maxTokens', 'it is missing'],
    [{ maxTokens: 0 }, 'contextLimit.maxTokens', 'expected an integer of at least 1, got 0'],
    [{ maxTokens: 10, keepToolResults: -1 }, 'contextLimit.keepToolResults', 'at least 0, got -1'],
    [{ maxTokens: 10, excludeTools: 'plan' }, 'contextLimit.excludeTools', 'expected a list of tool names'],
    [{ maxTokens: 10, excludeTools: [1] }, 'contextLimit.excludeTools', 'got [1]'],
    [null, 'contextLimit', 'expected { maxTokens, keepToolResults?, excludeTools? }, got null'],
  ])('refuses contextLimit %j before the turn starts', (contextLimit, argument, message) => {
    const model = reader(0);
    const start = () => runToolLoop({ model, prompt: 'Q', contextLimit: contextLimit as never }).result;

    expect(start).toThrow(InvalidArgumentError);
    expect(start).toThrow(
      expect.objectContaining({ argument, message: expect.stringContaining(message) as unknown }),
    );
    expect(model.requests).toEqual([]);
  });

  it('keeps the results it cleared over an approval pause, so the resumed requests begin as before', async () => {
    const approvedRead = createReadPage('d');
    const model = reader(4);
    const options = { model, tools: [approvedRead], contextLimit: { maxTokens: 1_400, keepToolResults: 1 } };
    const { resumed } = await pauseAndResumeApproved(options);

    expect(resumed.result.stopReason).toBe('completed');
    // Request 4 cleared a and b before the pause. Request 5, after it, keeps them cleared and is under the limit
    // with c and d: cleared anew from the whole transcript, c would go too.
    expect(model.requests.slice(3).map(resultTexts)).toEqual([
      [cleared('read_page'), cleared('read_page'), page('c')],
      [cleared('read_page'), cleared('read_page'), page('c'), page('d')],
    ]);
  });

  it('clears nothing while the messages are estimated at exactly maxTokens', async () => {
    const run = async (maxTokens: number) => {
      const model = reader(2);
      await collectRun(
        runToolLoop({
          model,
          tools: [readPage],
          prompt: 'Read.',
          contextLimit: { maxTokens, keepToolResults: 1 },
        }),
      );
      return resultTexts(model.requests[2]);
    };
    // Request 3, the largest: the prompt, two calls and two pages.
    const tokens = Math.ceil(
      ('Read.'.length +
        ['a', 'b'].reduce(
          (sum, topic) => sum + `read_page{"topic":"${topic}"}`.length + page(topic).length,
          0,
        )) /
        4,
    );

    expect(await run(tokens)).toEqual([page('a'), page('b')]);
    expect(await run(tokens - 1)).toEqual([cleared('read_page'), page('b')]);
  });

  it("counts the last round of earlier turns as the latest on a new turn's first request", async () => {
    const call = (id: string, topic: string): Message => ({
      role: 'assistant',
      content: [{ type: 'tool-call', id, name: 'read_page', input: { topic } }],
    });
    const result = (id: string, topic: string): Message => ({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'read_page',
          output: { content: [{ type: 'text', text: page(topic) }] },
          isError: false,
        },
      ],
    });
    const history: Message[] = [
      { role: 'user', content: 'Read a and b.' },
      call('old-1', 'a'),
      result('old-1', 'a'),
      call('old-2', 'b'),
      result('old-2', 'b'),
      { role: 'assistant', content: [{ type: 'text', text: 'Read.' }] },
    ];
    const model = createScriptedModel({ text: 'Both say so.' });
    await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        messages: history,
        prompt: 'What do they say?',
        contextLimit: { maxTokens: 1, keepToolResults: 1 },
      }),
    );

    expect(resultTexts(model.requests[0])).toEqual([cleared('read_page'), page('b')]);
  });

  it('counts no result of excludeTools among those kept with the latest round', async () => {
    const note = defineTool({ name: 'note', inputSchema: z.object({}), execute: () => 'Noted.' });
    const model = createScriptedModel([
      { toolCalls: [{ id: 'call-1', name: 'read_page', input: { topic: 'a' } }] },
      {
        toolCalls: [
          { id: 'note-1', name: 'note', input: {} },
          { id: 'call-2', name: 'read_page', input: { topic: 'b' } },
        ],
      },
      { text: 'Done.' },
    ]);
    const { events } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage, note],
        prompt: 'Read.',
        contextLimit: { maxTokens: 1, keepToolResults: 2, excludeTools: ['note'] },
      }),
    );

    // Page b and page a are the two results kept; the note is not one of them.
    expect(resultTexts(model.requests[2])).toEqual([page('a'), 'Noted.', page('b')]);
    expect(events.filter((event) => event.type === 'warning')).toEqual([]);
  });

  it('clears one result of a round and keeps the other', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { id: 'call-1', name: 'read_page', input: { topic: 'a' } },
          { id: 'call-2', name: 'read_page', input: { topic: 'b' } },
        ],
      },
      { toolCalls: [{ id: 'call-3', name: 'read_page', input: { topic: 'c' } }] },
      { text: 'Done.' },
    ]);
    await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read.',
        contextLimit: { maxTokens: 1, keepToolResults: 2 },
      }),
    );

    expect(resultTexts(model.requests[2])).toEqual([cleared('read_page'), page('b'), page('c')]);
  });
});
