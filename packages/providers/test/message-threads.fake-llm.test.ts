import { Anthropic } from '@anthropic-ai/sdk';
import { defineTool, runToolLoop, type Message, type Model } from '@toolloop/core';
import { collectRun } from '@toolloop/core/testing';
import { createFakeLlm, type FakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

// Message threads through the fake LLM, which serves them as the Messages API does: it keeps each thread under
// its reply's id and refuses a `continue` that the API would refuse (lost thread, changed system or tools).
let fake: FakeLlm | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const system = Array.from(
  { length: 80 },
  (_, index) => `Rule ${index + 1}: answer from the handbook only, and cite its section.`,
).join('\n');

const searchHandbook = defineTool({
  name: 'search_handbook',
  description: 'Finds the handbook sections about a topic.',
  inputSchema: z.object({ topic: z.string() }),
  execute: ({ topic }) => `Section 4.2 covers ${topic}.`,
});

const toolRounds: LlmStep[] = [
  { thinking: 'Search first.', toolCalls: [{ name: 'search_handbook', input: { topic: 'leave' } }] },
  {
    text: 'Let me check one more.',
    toolCalls: [{ name: 'search_handbook', input: { topic: 'carry-over' } }],
  },
];

function threadsModel(options: { threads?: boolean; promptCaching?: boolean } = {}): Model {
  return anthropic({
    model: 'claude-sonnet-4-6',
    apiKey: 'test-key',
    baseURL: 'https://fake-llm.test',
    maxRetries: 0,
    threads: options.threads ?? true,
    ...(options.promptCaching === undefined ? {} : { promptCaching: options.promptCaching }),
  });
}

interface SentBody {
  thread?: { type: string; previous_message_id?: string };
  system?: unknown;
  tools?: unknown;
  messages: Array<{ role: string; content: Array<{ type: string; text?: string }> }>;
}

function sentBodies(llm: FakeLlm): SentBody[] {
  return llm.requests.map((request) => request.body as SentBody);
}

/** The `thread` field of each request the fake answered, with reply ids as the fake numbers them. */
function threadsOf(llm: FakeLlm): unknown[] {
  return sentBodies(llm).map((body) => body.thread);
}

const replyId = (n: number) => `msg_fake_default_${n}`;

async function runTurn(options: {
  model: Model;
  messages?: Message[];
  prompt: string;
  progressive?: boolean;
}) {
  return runToolLoop({
    model: options.model,
    system,
    ...(options.messages === undefined ? {} : { messages: options.messages }),
    prompt: options.prompt,
    tools: [searchHandbook],
    maxRounds: 5,
    progressivePrompt: options.progressive ?? true,
    statusMessages: 'off',
  }).result;
}

describe('anthropic({ threads: true })', () => {
  it('creates a thread, then sends only the new messages of each round, without system and tools', async () => {
    fake = createFakeLlm({
      name: 'message threads',
      steps: [toolRounds[0]!, toolRounds[1]!, { text: 'You get 25 days, 5 carried over.' }],
    });
    fake.listen();

    const result = await runTurn({ model: threadsModel(), prompt: 'How much leave do I get?' });

    expect(result.stopReason).toBe('completed');
    expect(result.text).toBe('You get 25 days, 5 carried over.');
    expect(fake.violations).toEqual([]);
    expect(threadsOf(fake)).toEqual([
      { type: 'create' },
      { type: 'continue', previous_message_id: replyId(1) },
      { type: 'continue', previous_message_id: replyId(2) },
    ]);
    const [first, ...continued] = sentBodies(fake);
    expect(first?.system).toBeDefined();
    expect(first?.tools).toBeDefined();
    expect(first?.messages.map((message) => message.role)).toEqual(['user']);
    for (const body of continued) {
      expect(body).not.toHaveProperty('system');
      expect(body).not.toHaveProperty('tools');
      // One message: the tool results, and the round's line after them (it never changes the system prompt).
      expect(body.messages.map((message) => message.content.map((block) => block.type))).toEqual([
        ['tool_result', 'text'],
      ]);
    }
    expect(continued.map((body) => body.messages[0]?.content.at(-1)?.text)).toEqual([
      '[Round 2] You may call one more tool if you still need information, or give your final answer.',
      '[Round 3] You may call one more tool if you still need information, or give your final answer.',
    ]);
    expect(fake.requests.map((request) => request.headers['anthropic-beta'])).toEqual(
      fake.requests.map(() => 'message-threads-2026-08-12'),
    );
    const { bytesSent, fullReplayBytes, continued: continuedCount } = fake.threadBytes;
    expect(continuedCount).toBe(2);
    expect(bytesSent).toBeLessThan(fullReplayBytes);
  });

  it('moves the round line out of the system prompt without prompt caching too, so the thread goes on', async () => {
    fake = createFakeLlm({
      name: 'message threads',
      steps: [toolRounds[0]!, { text: 'Section 4.2.' }],
    });
    fake.listen();

    const result = await runTurn({
      model: threadsModel({ promptCaching: false }),
      prompt: 'Where is leave?',
    });

    expect(result.stopReason).toBe('completed');
    expect(fake.violations).toEqual([]);
    expect(threadsOf(fake)).toEqual([
      { type: 'create' },
      { type: 'continue', previous_message_id: replyId(1) },
    ]);
    expect(sentBodies(fake)[0]?.system).toBe(system);
  });

  it('sends no thread and the whole conversation each round by default', async () => {
    fake = createFakeLlm({ name: 'message threads', steps: [toolRounds[0]!, { text: 'Section 4.2.' }] });
    fake.listen();

    await runTurn({ model: threadsModel({ threads: false }), prompt: 'Where is leave?' });

    expect(threadsOf(fake)).toEqual([undefined, undefined]);
    expect(sentBodies(fake)[1]?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
    ]);
  });

  it('goes on from the last turn’s answer in the next turn of the same conversation', async () => {
    fake = createFakeLlm({
      name: 'message threads',
      steps: [{ text: 'Ask me about leave.' }, { text: 'You get 25 days.' }],
    });
    fake.listen();
    const model = threadsModel();

    const first = await runTurn({ model, prompt: 'Hello.' });
    const second = await runTurn({ model, messages: first.messages, prompt: 'How much leave?' });

    expect(second.text).toBe('You get 25 days.');
    expect(fake.violations).toEqual([]);
    expect(threadsOf(fake)).toEqual([
      { type: 'create' },
      { type: 'continue', previous_message_id: replyId(1) },
    ]);
    expect(sentBodies(fake)[1]?.messages).toEqual([
      {
        role: 'user',
        content: [
          // A thread does not cache the prompt by itself: the new message keeps its breakpoint.
          { type: 'text', text: 'How much leave?', cache_control: { type: 'ephemeral' } },
          { type: 'text', text: '[Round 1] If a tool is relevant to the request, call it.' },
        ],
      },
    ]);
  });

  it('starts a new thread with the whole conversation when the history was edited', async () => {
    fake = createFakeLlm({
      name: 'message threads',
      steps: [{ text: 'Ask me about leave.' }, { text: 'You get 25 days.' }],
    });
    fake.listen();
    const model = threadsModel();

    const first = await runTurn({ model, prompt: 'Hello.' });
    const edited = first.messages.map((message) =>
      message.role === 'user' ? { ...message, content: 'Hi there.' } : message,
    );
    await runTurn({ model, messages: edited, prompt: 'How much leave?' });

    expect(fake.violations).toEqual([]);
    expect(threadsOf(fake)).toEqual([{ type: 'create' }, { type: 'create' }]);
    expect(sentBodies(fake)[1]?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
    ]);
  });

  it('starts a new thread when a round changes the system prompt, which a thread keeps', async () => {
    fake = createFakeLlm({ name: 'message threads', steps: [toolRounds[0]!, { text: 'Section 4.2.' }] });
    fake.listen();

    const result = await runToolLoop({
      model: threadsModel(),
      system,
      prompt: 'Where is leave?',
      tools: [searchHandbook],
      statusMessages: 'off',
      prepareStep: ({ rounds }) => (rounds === 1 ? { system: `${system}\nBe brief.` } : undefined),
    }).result;

    expect(result.stopReason).toBe('completed');
    expect(fake.violations).toEqual([]);
    expect(threadsOf(fake)).toEqual([{ type: 'create' }, { type: 'create' }]);
  });

  it('replays the whole conversation under a new thread when the server has lost the thread', async () => {
    fake = createFakeLlm({ name: 'message threads', steps: [{ text: 'Ask me about leave.' }] });
    fake.listen();
    const model = threadsModel();
    const first = await runTurn({ model, prompt: 'Hello.' });
    await fake.close();
    // A server that holds no thread for the first turn's reply (the fake's threads live as long as it does).
    fake = createFakeLlm({ name: 'message threads', steps: [{ text: 'You get 25 days.' }] });
    fake.listen();

    const second = await runTurn({ model, messages: first.messages, prompt: 'How much leave?' });

    expect(second.stopReason).toBe('completed');
    expect(second.text).toBe('You get 25 days.');
    expect(fake.violations.map((violation) => violation.message)).toEqual([
      expect.stringContaining(`no thread state was found for '${replyId(1)}'`),
    ]);
    expect(threadsOf(fake)).toEqual([{ type: 'create' }]);
    expect(sentBodies(fake)[0]?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
    ]);
  });

  it('continues the same reply again after a request that failed before any answer', async () => {
    fake = createFakeLlm({
      name: 'message threads',
      steps: [
        { text: 'Ask me about leave.' },
        { error: { status: 529, type: 'overloaded_error' } },
        { text: 'You get 25 days.' },
      ],
    });
    fake.listen();
    const model = threadsModel();
    const first = await runTurn({ model, prompt: 'Hello.' });

    const failed = await runTurn({ model, messages: first.messages, prompt: 'How much leave?' });
    const again = await runTurn({ model, messages: first.messages, prompt: 'How much leave?' });

    expect(failed.stopReason).toBe('model_error');
    expect(again.text).toBe('You get 25 days.');
    expect(fake.violations).toEqual([]);
    expect(threadsOf(fake)).toEqual([
      { type: 'create' },
      { type: 'continue', previous_message_id: replyId(1) },
      { type: 'continue', previous_message_id: replyId(1) },
    ]);
  });

  it('starts a new thread after a reply cut short, as the server may hold none of it', async () => {
    fake = createFakeLlm({
      name: 'message threads',
      steps: [
        { text: 'Ask me about leave.' },
        { text: 'You get', truncate: { afterEvents: 3 } },
        { text: 'You get 25 days.' },
      ],
    });
    fake.listen();
    const model = threadsModel();
    const first = await runTurn({ model, prompt: 'Hello.' });

    const cut = await runTurn({ model, messages: first.messages, prompt: 'How much leave?' });
    await runTurn({ model, messages: first.messages, prompt: 'How much leave?' });

    expect(cut.stopReason).toBe('model_error');
    expect(fake.violations).toEqual([]);
    expect(threadsOf(fake)).toEqual([
      { type: 'create' },
      { type: 'continue', previous_message_id: replyId(1) },
      { type: 'create' },
    ]);
  });

  it('does not continue from a refused reply, which the server drops from the thread', async () => {
    fake = createFakeLlm({
      name: 'message threads',
      steps: [{ text: 'I cannot help with that.', stopReason: 'refusal' }, { text: 'You get 25 days.' }],
    });
    fake.listen();
    const model = threadsModel();
    const refused = await runTurn({ model, prompt: 'Hello.' });

    await runTurn({ model, messages: refused.messages, prompt: 'How much leave?' });

    expect(threadsOf(fake)).toEqual([{ type: 'create' }, { type: 'create' }]);
  });

  it('sends the request again without a thread, and none after, when the server cannot thread it', async () => {
    const llm = createFakeLlm({ name: 'message threads', steps: [{ text: 'Hi.' }, { text: 'Hi again.' }] });
    fake = llm;
    const threadedBodies: string[] = [];
    // A server that refuses every thread, as the API does a request it cannot thread.
    const client = new Anthropic({
      apiKey: 'test-key',
      baseURL: 'https://fake-llm.test',
      maxRetries: 0,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const body = await request.clone().text();
        if (!body.includes('"thread":')) return llm.handle(request);
        threadedBodies.push(body);
        return Response.json(
          {
            type: 'error',
            error: {
              type: 'invalid_request_error',
              message: 'This request cannot be threaded.',
              details: { error_code: 'thread_unsupported_request', unsupported: ['cache_control'] },
            },
          },
          { status: 400 },
        );
      },
    });
    const model = anthropic({ model: 'claude-sonnet-4-6', client, threads: true });

    const first = await collectRun(runToolLoop({ model, prompt: 'Hello.', statusMessages: 'off' }));
    const second = await runToolLoop({
      model,
      messages: first.result.messages,
      prompt: 'Hello again.',
      statusMessages: 'off',
    }).result;

    expect(first.result.text).toBe('Hi.');
    expect(second.text).toBe('Hi again.');
    expect(first.events.filter((event) => event.type === 'warning')).toEqual([
      {
        type: 'warning',
        code: 'threads_unsupported',
        message:
          'The Messages API cannot thread this request (unsupported: cache_control): it was sent again without a thread, and this model sends its requests whole from now on.',
      },
    ]);
    expect(threadedBodies).toHaveLength(1);
    expect(threadsOf(llm)).toEqual([undefined, undefined]);
    expect(llm.violations).toEqual([]);
  });
});
