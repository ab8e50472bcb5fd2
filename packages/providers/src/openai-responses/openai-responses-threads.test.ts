import {
  defineTool,
  runToolLoop,
  type AssistantContentPart,
  type JsonValue,
  type Message,
  type Model,
} from '@toolloop/core';
import { HttpResponse } from 'msw';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEventStreamResponse } from '../../test/support/anthropic-wire.js';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { readOpenAIResponsesFixture } from '../../test/support/openai-responses-wire.js';
import { useScriptedTestServer } from '../../test/support/scripted-test-server.js';
import { openaiResponses } from './openai-responses.js';
import { OpenAIResponsesThreads } from './openai-responses-threads.js';

const baseURL = 'https://openai.test/v1';
const url = `${baseURL}/responses`;
const { answer } = useScriptedTestServer();
const [toolCallResponse = new Uint8Array(), , , textResponse = new Uint8Array()] = readOpenAIResponsesFixture(
  'openai-reasoning-encrypted-content.1.chunks.jsonl',
);
const firstResponseId = 'resp_01830d662ab3856501693c321345c88190b0de00f3b9975691';

const calculator = defineTool({
  name: 'calculator',
  inputSchema: z.object({ a: z.number(), b: z.number(), op: z.string() }),
  execute: ({ a, b }) => String(a + b),
});

// `gc()` in a process started without `--expose-gc`, to read what a model holds on to.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsedAfterGc(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

function createModel() {
  return openaiResponses({ baseURL, apiKey: 'sk-test', model: 'gpt-5-mini', maxRetries: 0, threads: true });
}

describe('openaiResponses with threads', () => {
  it('stores the first response and sends the next request only the new items, with previous_response_id', async () => {
    const { bodies } = answer(url, [
      () => createEventStreamResponse({ bytes: toolCallResponse }),
      () => createEventStreamResponse({ bytes: textResponse }),
    ]);
    const result = await runToolLoop({
      model: createModel(),
      prompt: 'What is 12 + 7?',
      tools: [calculator],
      statusMessages: 'off',
    }).result;

    expect(result.stopReason).toBe('completed');
    expect(bodies[0]).toMatchObject({ store: true, input: [{ role: 'user', content: 'What is 12 + 7?' }] });
    expect(bodies[0]?.['previous_response_id']).toBeUndefined();
    expect(bodies[0]?.['include']).toBeUndefined();
    expect(bodies[1]).toMatchObject({
      store: true,
      previous_response_id: firstResponseId,
      input: [{ type: 'function_call_output', call_id: 'call_AB6AaRZ1FYZB2RwS6A5vbdqn', output: '19' }],
    });
  });

  it('sends the whole conversation again when the history no longer goes on from the stored response', async () => {
    const { bodies } = answer(url, [
      () => createEventStreamResponse({ bytes: toolCallResponse }),
      () => createEventStreamResponse({ bytes: textResponse }),
    ]);
    const model = createModel();
    const first = await collectStream({ model, request: createModelRequest() });
    expect(first.error).toBeUndefined();
    const edited: Message[] = [
      { role: 'user', content: 'Something else entirely.' },
      { role: 'assistant', content: [{ type: 'text', text: 'Sure.' }] },
      { role: 'user', content: 'Go on.' },
    ];
    await collectStream({ model, request: createModelRequest({ messages: edited }) });

    expect(bodies[1]?.['previous_response_id']).toBeUndefined();
    expect(bodies[1]?.['input']).toHaveLength(3);
  });

  it('replays the whole conversation when the server no longer has the previous response', async () => {
    const { bodies } = answer(url, [
      () => createEventStreamResponse({ bytes: toolCallResponse }),
      () =>
        HttpResponse.json(
          {
            error: {
              message: `Previous response with id '${firstResponseId}' not found.`,
              type: 'invalid_request_error',
              param: 'previous_response_id',
              code: 'previous_response_not_found',
            },
          },
          { status: 400 },
        ),
      () => createEventStreamResponse({ bytes: textResponse }),
    ]);
    const result = await runToolLoop({
      model: createModel(),
      prompt: 'What is 12 + 7?',
      tools: [calculator],
      statusMessages: 'off',
    }).result;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'The final result is **570**.' });
    expect(bodies[1]?.['previous_response_id']).toBe(firstResponseId);
    expect(bodies[2]?.['previous_response_id']).toBeUndefined();
    expect(bodies[2]?.['input']).toHaveLength(4);
  });

  it.each([
    ['goes on from the stored response when the messages it answered are unchanged', false],
    ['sends everything when an earlier message was edited in place after its response was stored', true],
  ])('%s', async (_title, edit) => {
    const { bodies } = answer(url, [
      () => createEventStreamResponse({ bytes: textResponse }),
      () => createEventStreamResponse({ bytes: textResponse }),
    ]);
    const model = createModel();
    const asked = { role: 'user' as const, content: [{ type: 'text' as const, text: 'Add 12 and 7.' }] };
    const first = await collectStream({ model, request: createModelRequest({ messages: [asked] }) });
    // The reply as the loop keeps it: its whole parts, in order.
    const reply = first.parts.filter(
      (part): part is AssistantContentPart => part.type === 'text' || part.type === 'thinking',
    );
    const messages: Message[] = [
      asked,
      { role: 'assistant', content: reply },
      { role: 'user', content: 'And 3?' },
    ];
    // The question the stored response answered, changed where it is: the stored response answered another one.
    const [question] = asked.content;
    if (edit && question !== undefined) question.text = 'Add 12 and 8.';
    await collectStream({ model, request: createModelRequest({ messages }) });

    if (edit) {
      expect(bodies[1]?.['previous_response_id']).toBeUndefined();
      expect(bodies[1]?.['input']).toMatchObject([{ role: 'user', content: 'Add 12 and 8.' }, {}, {}]);
    } else {
      expect(bodies[1]?.['previous_response_id']).toEqual(expect.any(String));
      expect(bodies[1]?.['input']).toEqual([{ role: 'user', content: 'And 3?' }]);
    }
  });

  it.each([
    ['one conversation, the same message objects each round', { conversations: 1, copyEachRound: false }],
    [
      'one conversation, new objects of its messages each round (as a context limit rebuilds them)',
      { conversations: 1, copyEachRound: true },
    ],
    ['two conversations taking turns, new objects each round', { conversations: 2, copyEachRound: true }],
  ])(
    'holds its 64 stored responses without a copy of the conversation each (%s): a 1 MB message is kept once',
    async (_given, { conversations, copyEachRound }) => {
      const requests = 65;
      answer(
        url,
        Array.from({ length: requests }, () => () => createEventStreamResponse({ bytes: textResponse })),
      );
      const transcripts = Array.from({ length: conversations }, (_unused, index): Message[] => [
        { role: 'user', content: String(index).repeat(1 << 20) },
      ]);
      // The model is made and used in a function of its own, so that only `held` keeps it.
      const held: Model[] = [];
      await askEach({ held, transcripts, requests, copyEachRound });

      const heldByModel = heapUsedAfterGc();
      held.length = 0;
      const withoutModel = heapUsedAfterGc();
      // Each stored response as its conversation's JSON held 64 copies of the 1 MB messages (over 64 MB).
      expect(heldByModel - withoutModel).toBeLessThan(8 * (1 << 20));
    },
  );
});

describe('OpenAIResponsesThreads', () => {
  it('holds nothing of a response whose reply cannot be written (a reasoning item nested too deep)', () => {
    let item: JsonValue = {};
    for (let level = 0; level < 20_000; level += 1) item = { nested: item };
    const reply: AssistantContentPart[] = [
      {
        type: 'thinking',
        text: '',
        providerData: { item: { type: 'reasoning', id: 'rs_1', summary: [item] } },
      },
    ];
    // Made and used in a function of its own, so that only `held` keeps the threads.
    const held: OpenAIResponsesThreads[] = [];
    const holdOnce = () => {
      const threads = new OpenAIResponsesThreads();
      held.push(threads);
      const messages: Message[] = [{ role: 'user', content: 'x'.repeat(16 << 20) }];
      expect(() => {
        threads.hold({ responseId: 'resp_1', messages, reply });
      }).toThrow(RangeError);
    };
    holdOnce();

    const withThreads = heapUsedAfterGc();
    held.length = 0;
    const withoutThreads = heapUsedAfterGc();
    // The message's string, counted before the reply threw, stayed held (16 MB).
    expect(withThreads - withoutThreads).toBeLessThan(4 << 20);
  });
});

/**
 * Makes a model with threads into `held`, and asks it `requests` times, of each transcript in turn, each
 * transcript a round longer each time it is asked (as new objects each time with `copyEachRound`).
 */
async function askEach({
  held,
  transcripts,
  requests,
  copyEachRound,
}: {
  held: Model[];
  transcripts: Message[][];
  requests: number;
  copyEachRound: boolean;
}) {
  const model = createModel();
  held.push(model);
  for (let request = 0; request < requests; request += 1) {
    const messages = transcripts[request % transcripts.length] ?? [];
    const sent = copyEachRound ? messages.map((message) => ({ ...message })) : messages;
    const { error } = await collectStream({ model, request: createModelRequest({ messages: sent }) });
    expect(error).toBeUndefined();
    messages.push(
      { role: 'assistant', content: [{ type: 'text', text: `Answer ${request}.` }] },
      { role: 'user', content: `Question ${request + 1}?` },
    );
  }
}
