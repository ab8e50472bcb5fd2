import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { ModelError } from '../errors/model-error.js';
import type { Message } from '../model/messages.js';
import type { Model, ModelStreamPart } from '../model/model.js';
import { defineTool } from '../tools/define-tool.js';
import { collectRun } from '../testing/collect-run.js';
import {
  createScriptedModel,
  type ModelScript,
  type ScriptedModelRequest as RecordedRequest,
} from '../testing/scripted-model.js';
import {
  createReadPage,
  page,
  pauseAndResumeApproved,
  readPage,
  reader,
  summarizer,
  summaryHeading,
} from '../../test/handbook.js';
import { runToolLoop } from './run-tool-loop.js';
import type { ContextLimit } from './tool-loop-options.js';

/** Each message of a request in short: its role, and its text, or the tool calls or results it holds. */
function outline(request: RecordedRequest | undefined): string[] {
  return (request?.messages ?? []).map((message: Message) => {
    if (typeof message.content === 'string') return `${message.role}: ${message.content.slice(0, 60)}`;
    return `${message.role}: ${message.content
      .map((part) =>
        part.type === 'text'
          ? part.text.slice(0, 60)
          : part.type === 'tool-call'
            ? `call ${part.id}`
            : part.type === 'tool-result'
              ? `result ${part.toolCallId}`
              : part.type,
      )
      .join(', ')}`;
  });
}

/** A turn that reads the handbook with `model`, under `contextLimit`. */
function readHandbook(model: Model, contextLimit: ContextLimit) {
  return runToolLoop({ model, tools: [readPage], prompt: 'Read the handbook.', contextLimit });
}

/** The outline of a user message that opens with the summary `text`. */
const summaryLine = (text: string) => `user: ${`${summaryHeading}\n\n${text}`.slice(0, 60)}`;

describe('contextLimit.summarize', () => {
  it('condenses the oldest rounds into one summary once past maxTokens, and sends it from then on', async () => {
    const model = reader(4);
    const summaryText = 'The user wants the handbook read; pages a and b say "The handbook says so."';
    const summary = summarizer(summaryText);
    const { events, result } = await collectRun(
      readHandbook(model, { maxTokens: 1_400, keepToolResults: 1, summarize: { model: summary } }),
    );

    expect(result.stopReason).toBe('completed');
    // Request 4 would hold three pages: the prompt and the first two rounds are condensed, the third round kept.
    expect(outline(model.requests[3])).toEqual([
      summaryLine('The user wants the handbook read'),
      'assistant: call call-3',
      'tool: result call-3',
    ]);
    // Request 5 keeps the same summary: one prefix for the prompt cache.
    expect(outline(model.requests[4])).toEqual([
      ...outline(model.requests[3]),
      'assistant: call call-4',
      'tool: result call-4',
    ]);
    expect(model.requests.slice(0, 3).map((request) => request.messages.length)).toEqual([1, 3, 5]);
    // The summary request: the summary instructions, no tools, and the condensed part as a transcript.
    expect(summary.requests).toHaveLength(1);
    expect(summary.requests[0]).toMatchObject({ tools: [], maxTokens: 1024 });
    expect(summary.requests[0]?.system).toBe(
      'You condense the earlier part of a conversation between a user and an assistant that uses tools, so that ' +
        'the assistant can go on without it. Keep what the user asked for and every condition they set; every fact, ' +
        'number, name and identifier the tools returned that may still matter; what has been done, and what is left ' +
        'to do. Leave out what was superseded. Answer with the summary alone.',
    );
    expect(summary.requests[0]?.messages).toEqual([
      {
        role: 'user',
        content: [
          'User: Read the handbook.',
          'Assistant called read_page with {"topic":"a"}',
          `read_page returned: ${page('a')}`,
          'Assistant called read_page with {"topic":"b"}',
          `read_page returned: ${page('b')}`,
        ].join('\n\n'),
      },
    ]);
    const summaryTokens = Math.ceil(`${summaryHeading}\n\n${summaryText}`.length / 4);
    expect(events.filter((event) => event.type === 'warning')).toEqual([
      {
        type: 'warning',
        code: 'context_summarized',
        message: expect.stringMatching(
          new RegExp(
            `^The conversation was about \\d+ tokens, past contextLimit\\.maxTokens \\(1400\\): the 5 messages before the rounds kept \\(about \\d+ tokens\\) are sent as a summary of about ${summaryTokens} tokens from now on, leaving about \\d+ tokens\\.$`,
          ),
        ) as unknown,
      },
    ]);
    // Exactly one warning, between the third round and the fourth: the requests under the limit add no event.
    expect(events.map((event) => event.type)).toEqual([
      'status',
      ...Array.from({ length: 3 }, () => ['tool-start', 'status', 'tool-result', 'status']).flat(),
      'warning',
      'tool-start',
      'status',
      'tool-result',
      'status',
      'status',
      'content',
      'done',
    ]);
    // The turn's own transcript keeps everything; the summary's tokens are the turn's.
    expect(result.messages).toHaveLength(10);
    expect(result.usage).toMatchObject({ inputTokens: 5 * 10 + 40, outputTokens: 5 * 5 + 8 });
  });

  it('condenses again, the summary before included, when the messages pass the limit once more', async () => {
    const model = reader(6);
    const summary = summarizer('Pages a and b: the handbook says so.', 'Pages a to d: the handbook says so.');
    const { events, result } = await collectRun(
      readHandbook(model, { maxTokens: 1_400, keepToolResults: 1, summarize: { model: summary } }),
    );

    expect(result.stopReason).toBe('completed');
    expect(summary.requests).toHaveLength(2);
    // The second summary stands for the first and the four messages of rounds c and d after it.
    expect(events.filter((event) => event.type === 'warning').map((event) => event.message)).toEqual([
      expect.stringContaining(': the 5 messages before the rounds kept (about') as unknown,
      expect.stringContaining(
        ': the 4 messages before the rounds kept, with the summary before them, (about',
      ) as unknown,
    ]);
    expect(summary.requests[1]?.messages[0]?.content).toMatch(
      new RegExp(
        `^User: \\${summaryHeading.slice(0, -1)}\\]\n\nPages a and b: the handbook says so\\.\n\nAssistant called read_page with \\{"topic":"c"\\}`,
      ),
    );
    expect(outline(model.requests[5]).slice(0, 2)).toEqual([
      summaryLine('Pages a to d: the handbook says so.'),
      'assistant: call call-5',
    ]);
  });

  it('clears older results as without it when the summary request fails, and says why', async () => {
    const model = reader(4);
    const failing = createScriptedModel({
      error: new ModelError({ message: 'overloaded', provider: 'scripted' }),
    });
    const { events, result } = await collectRun(
      readHandbook(model, { maxTokens: 1_400, keepToolResults: 1, summarize: { model: failing } }),
    );

    expect(result.stopReason).toBe('completed');
    expect(outline(model.requests[3])[0]).toBe('user: Read the handbook.');
    expect(events.filter((event) => event.type === 'warning').map((event) => event.code)).toEqual([
      'context_summary_failed',
      'tool_results_cleared',
    ]);
    // No second summary request after a failure: the cleared results keep the requests under the limit.
    expect(failing.requests).toHaveLength(1);
    expect(events.find((event) => event.type === 'warning')).toMatchObject({
      message: expect.stringMatching(
        /^The conversation was about \d+ tokens, past contextLimit\.maxTokens \(1400\), and could not be condensed: overloaded No summary is tried again in this turn; older tool results are cleared instead\.$/,
      ) as unknown,
    });
  });

  it.each<[string, ModelScript, string]>([
    [
      'cut off by its token limit',
      { text: 'Pages a', finishReason: 'max_tokens' },
      "the summary request ended with 'max_tokens', not with an answer.",
    ],
    [
      'cut off before its finish',
      { parts: [{ type: 'text-delta', text: 'Pages a' }] },
      'the summary request ended without its finish: it was cut off.',
    ],
    ['empty', { text: '  ' }, 'the summary model answered with no text.'],
  ])('takes no summary that was %s, and says why', async (_case, answer, why) => {
    const model = reader(4);
    const { events } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read the handbook.',
        contextLimit: {
          maxTokens: 1_400,
          keepToolResults: 1,
          summarize: { model: createScriptedModel(answer) },
        },
      }),
    );
    expect(outline(model.requests[3])[0]).toBe('user: Read the handbook.');
    expect(events.find((event) => event.type === 'warning')).toMatchObject({
      code: 'context_summary_failed',
      message: expect.stringContaining(`could not be condensed: ${why} No summary is tried again`) as unknown,
    });
  });

  it.each<[string, ModelStreamPart[], string]>([
    [
      'whole text blocks without deltas',
      [
        { type: 'text', text: 'Pages a ' },
        { type: 'text', text: 'and b.' },
      ],
      'Pages a and b.',
    ],
    [
      'a streamed block, then a whole one',
      [
        { type: 'text-delta', text: 'Pages a ' },
        { type: 'text', text: 'Pages a ' },
        { type: 'text', text: 'and b.' },
      ],
      'Pages a and b.',
    ],
    ['text around blank space', [{ type: 'text-delta', text: '\n  Pages a and b.  \n' }], 'Pages a and b.'],
  ])('reads a summary streamed as %s, once', async (_case, parts, text) => {
    const model = reader(4);
    const summary = createScriptedModel({
      parts: [...parts, { type: 'finish', finishReason: 'end', usage: { inputTokens: 40, outputTokens: 8 } }],
    });
    await collectRun(
      readHandbook(model, { maxTokens: 1_400, keepToolResults: 1, summarize: { model: summary } }),
    );

    expect(model.requests[3]?.messages[0]).toEqual({ role: 'user', content: `${summaryHeading}\n\n${text}` });
  });

  it("uses the turn's own model when none is given, with the host's instructions and token limit", async () => {
    const model = createScriptedModel((request, index) =>
      request.tools.length === 0
        ? { text: 'Pages a and b: the handbook says so.' }
        : index < 4
          ? {
              toolCalls: [
                { id: `call-${index + 1}`, name: 'read_page', input: { topic: 'abcd'[index] ?? 'z' } },
              ],
            }
          : { text: 'Done.' },
    );
    const { result } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read the handbook.',
        contextLimit: {
          maxTokens: 1_400,
          keepToolResults: 1,
          summarize: { instructions: 'Summarize for a lawyer.', maxTokens: 300 },
        },
      }),
    );

    expect(result.stopReason).toBe('completed');
    expect(model.requests[3]).toMatchObject({ tools: [], system: 'Summarize for a lawyer.', maxTokens: 300 });
    expect(outline(model.requests[4])[0]).toMatch(/^user: \[Summary of the earlier conversation/);
  });

  it('keeps the rounds that hold the keepToolResults most recent results, and condenses nothing when that is all', async () => {
    const model = reader(4);
    const summary = summarizer('Page a: the handbook says so.');
    await collectRun(
      readHandbook(model, { maxTokens: 1_400, keepToolResults: 2, summarize: { model: summary } }),
    );
    expect(outline(model.requests[3])).toEqual([
      summaryLine('Page a: the handbook says so.'),
      'assistant: call call-2',
      'tool: result call-2',
      'assistant: call call-3',
      'tool: result call-3',
    ]);

    const lone = reader(1);
    const unused = summarizer('never asked');
    const { events } = await collectRun(
      readHandbook(lone, { maxTokens: 100, keepToolResults: 0, summarize: { model: unused } }),
    );
    expect(unused.requests).toHaveLength(0);
    // No warning, nor any other event the limit's checks might add.
    expect(events.map((event) => event.type)).toEqual([
      'status',
      'tool-start',
      'status',
      'tool-result',
      'status',
      'status',
      'content',
      'done',
    ]);
  });

  it('condenses nothing, and goes on, when every round is kept of a conversation that opens with one', async () => {
    // The loop takes a transcript that opens with a round of the assistant's.
    const history: Message[] = [
      {
        role: 'assistant',
        content: [{ type: 'tool-call', id: 'old-1', name: 'read_page', input: { topic: 'x' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'old-1',
            toolName: 'read_page',
            output: { content: [{ type: 'text', text: page('x') }] },
            isError: false,
          },
        ],
      },
    ];
    const summary = summarizer('never asked');
    const { result } = await collectRun(
      runToolLoop({
        model: reader(1),
        tools: [readPage],
        messages: history,
        prompt: 'Go on.',
        contextLimit: { maxTokens: 100, keepToolResults: 5, summarize: { model: summary } },
      }),
    );

    expect(result.stopReason).toBe('completed');
    expect(summary.requests).toHaveLength(0);
  });

  it('keeps only the latest round with keepToolResults 0', async () => {
    const model = reader(3);
    const summary = summarizer('Pages a and b.');
    await collectRun(
      readHandbook(model, { maxTokens: 1_400, keepToolResults: 0, summarize: { model: summary } }),
    );

    expect(outline(model.requests[3])).toEqual([
      summaryLine('Pages a and b.'),
      'assistant: call call-3',
      'tool: result call-3',
    ]);
  });

  it('ends the turn aborted when the host aborts during the summary, with no fallback', async () => {
    const controller = new AbortController();
    const hanging = createScriptedModel(() => {
      controller.abort();
      return { hang: true };
    });
    const { result } = await collectRun(
      runToolLoop({
        model: reader(4),
        tools: [readPage],
        prompt: 'Read the handbook.',
        signal: controller.signal,
        contextLimit: { maxTokens: 1_400, keepToolResults: 1, summarize: { model: hanging } },
      }),
    );
    expect(result.stopReason).toBe('aborted');
    // The summary comes before the fourth request, which is never made.
    expect(result.iterations).toBe(3);
  });

  it('refuses a summarize option it cannot use, naming the field', () => {
    const model = reader(0);
    const attempt = (summarize: unknown) => () =>
      runToolLoop({
        model,
        prompt: 'Hi',
        contextLimit: { maxTokens: 100, summarize: summarize as true },
      });
    expect(attempt('yes')).toThrow(InvalidArgumentError);
    expect(attempt('yes')).toThrow(/'contextLimit\.summarize': expected true, false or/);
    expect(attempt({ model: {} })).toThrow(
      /'contextLimit\.summarize\.model': expected a Model with a stream\(\) method/,
    );
    expect(attempt({ instructions: ' ' })).toThrow(/'contextLimit\.summarize\.instructions': expected/);
    expect(attempt({ maxTokens: 0 })).toThrow(/contextLimit\.summarize\.maxTokens/);
    expect(attempt(false)).not.toThrow();
  });

  it('keeps the results of excludeTools word for word after the summary, and does not count them as kept', async () => {
    const plan = defineTool({
      name: 'plan',
      inputSchema: z.object({}),
      execute: () => 'Plan: read a, b and c, then answer.',
    });
    const model = createScriptedModel((_request, index) =>
      index === 0
        ? { toolCalls: [{ id: 'call-plan', name: 'plan', input: {} }] }
        : index < 4
          ? {
              toolCalls: [
                { id: `call-${index}`, name: 'read_page', input: { topic: 'abc'[index - 1] ?? 'z' } },
              ],
            }
          : { text: 'Done.' },
    );
    const summary = summarizer('Page a: the handbook says so.');
    await collectRun(
      runToolLoop({
        model,
        tools: [plan, readPage],
        prompt: 'Read the handbook.',
        contextLimit: {
          maxTokens: 1_000,
          keepToolResults: 1,
          excludeTools: ['plan'],
          summarize: { model: summary },
        },
      }),
    );

    // Request 4 holds the plan and pages a and b, past the limit: the plan's round and a's are condensed, and b's
    // is kept, the plan's result not counting as one of the kept.
    expect(model.requests[3]?.messages[0]).toEqual({
      role: 'user',
      content: `${summaryHeading}\n\nPage a: the handbook says so.\n\n[Kept word for word: what plan returned]\nPlan: read a, b and c, then answer.`,
    });
    expect(outline(model.requests[3]).slice(1)).toEqual(['assistant: call call-2', 'tool: result call-2']);
  });

  it.each([1, 3])(
    'condenses the conversation of earlier turns before the first round of this one (keepToolResults %i)',
    async (keepToolResults) => {
      const history: Message[] = [
        { role: 'user', content: `Tell me about leave. ${'Please. '.repeat(200)}` },
        {
          role: 'assistant',
          content: [{ type: 'text', text: `Leave is 25 days. ${'Really. '.repeat(200)}` }],
        },
      ];
      const model = reader(1);
      const summary = summarizer('The user asked about leave: 25 days.');
      await collectRun(
        runToolLoop({
          model,
          tools: [readPage],
          messages: history,
          prompt: 'And how do I book it?',
          contextLimit: { maxTokens: 600, keepToolResults, summarize: { model: summary } },
        }),
      );

      expect(summary.requests).toHaveLength(1);
      expect(outline(model.requests[1])).toEqual([
        summaryLine('The user asked about leave: 25 days.'),
        'assistant: call call-1',
        'tool: result call-1',
      ]);
    },
  );

  it('asks for no summary the token budget has no room for, and clears instead', async () => {
    const model = reader(4);
    const summary = summarizer('never asked');
    const { events, result } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read the handbook.',
        tokenBudget: 1_200,
        contextLimit: { maxTokens: 1_400, keepToolResults: 1, summarize: { model: summary } },
      }),
    );

    expect(summary.requests).toHaveLength(0);
    expect(result.stopReason).toBe('completed');
    // Three requests of 10 input and 5 output tokens each have been spent.
    expect(events.find((event) => event.type === 'warning')).toMatchObject({
      code: 'context_summary_failed',
      message: expect.stringMatching(
        /could not be condensed: the summary would take about \d+ tokens, and the token budget has 1155 left\./,
      ) as unknown,
    });
  });

  it('asks for a summary that costs exactly what the token budget has left, and for none a token more', async () => {
    const run = async (tokenBudget: number) => {
      const summary = summarizer('Pages a and b.');
      const { events } = await collectRun(
        runToolLoop({
          model: reader(4),
          tools: [readPage],
          prompt: 'Read the handbook.',
          tokenBudget,
          contextLimit: { maxTokens: 1_400, keepToolResults: 1, summarize: { model: summary } },
        }),
      );
      const codes = events.flatMap((event) => (event.type === 'warning' ? [event.code] : []));
      return { summary, codes, events };
    };
    // The cost the summary is estimated at, read from the refusal of a budget too small for it.
    const refused = await run(1_200);
    const message = refused.events.find((event) => event.type === 'warning')?.message ?? '';
    const cost = Number(/would take about (\d+) tokens/.exec(message)?.[1]);
    const spent = 3 * (10 + 5);

    const exact = await run(spent + cost);
    expect(exact.summary.requests).toHaveLength(1);
    expect(exact.codes[0]).toBe('context_summarized');
    const short = await run(spent + cost - 1);
    expect(short.summary.requests).toHaveLength(0);
    expect(short.codes[0]).toBe('context_summary_failed');
  });

  it('condenses nothing while the messages are estimated at exactly maxTokens', async () => {
    const run = async (maxTokens: number) => {
      const model = reader(3);
      const summary = summarizer('Pages a and b.');
      await collectRun(readHandbook(model, { maxTokens, keepToolResults: 1, summarize: { model: summary } }));
      return { model, summary };
    };
    // Request 4 holds the prompt, three calls and three pages: the largest of the turn.
    const whole = await run(100_000);
    const characters =
      'Read the handbook.'.length +
      ['a', 'b', 'c'].reduce(
        (sum, topic) => sum + `read_page{"topic":"${topic}"}`.length + page(topic).length,
        0,
      );
    expect(outline(whole.model.requests[3])).toHaveLength(7);

    expect((await run(Math.ceil(characters / 4))).summary.requests).toHaveLength(0);
    expect((await run(Math.ceil(characters / 4) - 1)).summary.requests).toHaveLength(1);
  });

  it('keeps a failed result of excludeTools as an error, and only the results before the cut', async () => {
    const note = defineTool({
      name: 'note',
      inputSchema: z.object({ ok: z.boolean() }),
      execute: ({ ok }) => {
        if (!ok) throw new Error('The notebook is full.');
        return 'Noted.';
      },
    });
    const read = (id: string, topic: string) => ({ id, name: 'read_page', input: { topic } });
    const model = createScriptedModel([
      { toolCalls: [{ id: 'note-1', name: 'note', input: { ok: false } }, read('call-1', 'a')] },
      { toolCalls: [read('call-2', 'b')] },
      { toolCalls: [read('call-3', 'c'), { id: 'note-2', name: 'note', input: { ok: true } }] },
      { text: 'Done.' },
    ]);
    const summary = summarizer('Page a.');
    await collectRun(
      runToolLoop({
        model,
        tools: [note, readPage],
        prompt: 'Read the handbook.',
        contextLimit: {
          maxTokens: 1_400,
          keepToolResults: 2,
          excludeTools: ['note'],
          summarize: { model: summary },
        },
      }),
    );

    // Request 4: round 1 condensed, with the failed note word for word. Rounds 2 and 3 hold the two results kept
    // (round 3's note not counted, and left in its place).
    expect(model.requests[3]?.messages[0]).toEqual({
      role: 'user',
      content: `${summaryHeading}\n\nPage a.\n\n[Kept word for word: what note answered with an error]\nTool 'note' failed: The notebook is full.`,
    });
    expect(outline(model.requests[3]).slice(1)).toEqual([
      'assistant: call call-2',
      'tool: result call-2',
      'assistant: call call-3, call note-2',
      'tool: result call-3, result note-2',
    ]);
  });

  it('asks for no new summary when a request adds no round after the last (a repair of the answer)', async () => {
    const read = (index: number) => ({
      toolCalls: [{ id: `call-${index}`, name: 'read_page', input: { topic: 'abc'[index - 1] ?? 'z' } }],
    });
    const model = createScriptedModel(
      [read(1), read(2), read(3), { text: 'Three pages.' }, { text: '{"pages":3}' }],
      {
        supportsStructuredOutput: true,
      },
    );
    // Every request holds a page past the limit: a summary before each new round, none before the repair.
    const summary = summarizer('Page a.', 'Pages a and b.', 'never asked');
    const { result } = await collectRun(
      runToolLoop({
        model,
        tools: [readPage],
        prompt: 'Read the handbook.',
        output: z.object({ pages: z.number() }),
        contextLimit: { maxTokens: 400, keepToolResults: 1, summarize: { model: summary } },
      }),
    );

    expect(result.output).toEqual({ pages: 3 });
    expect(summary.requests).toHaveLength(2);
    // The repair request: the same summary, the kept round, the answer and the request to repair it.
    expect(outline(model.requests[4]).slice(0, 4)).toEqual([
      summaryLine('Pages a and b.'),
      'assistant: call call-3',
      'tool: result call-3',
      'assistant: Three pages.',
    ]);
  });

  it('never parts a paused response from the round that continues it', async () => {
    const read = (id: string, topic: string) => ({
      toolCalls: [{ id, name: 'read_page', input: { topic } }],
    });
    const model = createScriptedModel([
      read('call-1', 'a'),
      read('call-2', 'b'),
      { text: 'Searching the web first.', finishReason: 'pause' },
      read('call-3', 'c'),
      { text: 'Done.' },
    ]);
    const summary = summarizer('Pages a and b.');
    await collectRun(
      readHandbook(model, { maxTokens: 1_400, keepToolResults: 1, summarize: { model: summary } }),
    );

    expect(outline(model.requests[4])).toEqual([
      summaryLine('Pages a and b.'),
      'assistant: Searching the web first.',
      'assistant: call call-3',
      'tool: result call-3',
    ]);
  });

  it("passes on the summary model's own warnings", async () => {
    const model = reader(4);
    const warning = createScriptedModel({
      parts: [
        { type: 'warning', code: 'thinking_unsupported', message: 'This model does not think.' },
        { type: 'text-delta', text: 'Pages a and b.' },
        { type: 'finish', finishReason: 'end', usage: { inputTokens: 40, outputTokens: 8 } },
      ],
    });
    const { events } = await collectRun(
      readHandbook(model, { maxTokens: 1_400, keepToolResults: 1, summarize: { model: warning } }),
    );
    expect(events.filter((event) => event.type === 'warning').map((event) => event.code)).toEqual([
      'thinking_unsupported',
      'context_summarized',
    ]);
  });

  it('keeps its summary over an approval pause: the resumed turn asks for none again', async () => {
    const approvedRead = createReadPage('d');
    const model = reader(4);
    const summary = summarizer('Pages a and b: the handbook says so.');
    const options = {
      model,
      tools: [approvedRead],
      contextLimit: { maxTokens: 1_400, keepToolResults: 1, summarize: { model: summary } },
    };
    const { resumed } = await pauseAndResumeApproved(options);

    expect(resumed.result.stopReason).toBe('completed');
    expect(summary.requests).toHaveLength(1);
    expect(outline(model.requests[4])[0]).toBe(summaryLine('Pages a and b: the handbook says so.'));
    expect(resumed.result.usage).toMatchObject({ inputTokens: 5 * 10 + 40, outputTokens: 5 * 5 + 8 });
  });
});
