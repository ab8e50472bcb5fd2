import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import { createMessagesBody, postMessages } from '../test/post-messages.js';
import { trackLeftovers } from '../test/track-leftovers.js';
import { waitUntil } from '../test/wait-until.js';
import { createFakeLlm } from './create-fake-llm.js';

// Only what the fake's code started counts: `tracker.run` marks it.
const tracker = trackLeftovers();
afterAll(() => {
  tracker.close();
});

const slow = { text: 'A slow answer in several deltas.', delayMs: 0, chunkDelayMs: 60_000 };
const greeting: Anthropic.MessageParam[] = [{ role: 'user', content: 'Hi' }];

describe('nothing outlives a test', () => {
  const fake = createFakeLlm({
    name: 'leftovers',
    steps: [
      { text: 'never sent', delayMs: 60_000 },
      slow,
      { hang: true },
      slow,
      { hang: true },
      { hang: true },
    ],
  });

  it('clears the delayMs timer when the client aborts before the first byte', () =>
    tracker.run(async () => {
      fake.listen();
      const controller = new AbortController();
      const request = postMessages({
        url: 'http://fake-llm.test/v1/messages',
        body: createMessagesBody({ stream: true }),
        signal: controller.signal,
      });
      await waitUntil(() => fake.requests.length === 1);
      controller.abort();
      await expect(request).rejects.toThrow(/abort/iu);
      await fake.waitForIdle();
    }));

  it('clears the chunkDelayMs timer when the SDK aborts mid-stream', () =>
    tracker.run(async () => {
      const client = new Anthropic({ apiKey: 'test', baseURL: 'http://fake-llm.test' });
      const stream = client.messages.stream({
        model: 'claude-sonnet-4-6',
        max_tokens: 10,
        messages: greeting,
      });
      stream.on('streamEvent', () => {
        stream.abort();
      });
      await expect(stream.finalMessage()).rejects.toThrow(/abort/iu);
      await fake.waitForIdle();
      expect(fake.streams[0]).toMatchObject({ status: 'aborted', clientAborted: true, eventsSent: 1 });
    }));

  it('ends a hang when the SDK aborts', () =>
    tracker.run(async () => {
      const client = new Anthropic({ apiKey: 'test', baseURL: 'http://fake-llm.test' });
      const stream = client.messages.stream({
        model: 'claude-sonnet-4-6',
        max_tokens: 10,
        messages: greeting,
      });
      stream.on('connect', () => {
        stream.abort();
      });
      await expect(stream.finalMessage()).rejects.toThrow(/abort/iu);
      await fake.waitForIdle();
      expect(fake.streams[1]).toMatchObject({ status: 'aborted', clientAborted: true });
    }));

  it('ends slow and hanging streams over HTTP when the server closes', () =>
    tracker.run(async () => {
      await fake.close();
      const server = await fake.serve();
      const responses = await Promise.all(
        [0, 1, 2].map(() =>
          postMessages({ url: `${server.url}/v1/messages`, body: createMessagesBody({ stream: true }) }),
        ),
      );
      const settled = Promise.allSettled(responses.map((response) => response.text()));
      await fake.close();
      expect((await settled).map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      await fake.waitForIdle();
      expect(fake.streams.map((stream) => stream.status)).toEqual([
        'aborted',
        'aborted',
        'aborted',
        'aborted',
        'aborted',
      ]);
    }));

  it('ends an msw hang and a pending delay when the fake closes, as failures the client sees', () =>
    tracker.run(async () => {
      const closing = createFakeLlm([{ hang: true }, { text: 'late', delayMs: 60_000 }]);
      closing.listen();
      const client = new Anthropic({ apiKey: 'test', baseURL: 'http://fake-llm.test', maxRetries: 0 });
      const hanging = client.messages
        .stream({ model: 'claude-sonnet-4-6', max_tokens: 10, messages: greeting })
        .finalMessage();
      const delayed = client.messages.create({
        model: 'claude-sonnet-4-6',
        max_tokens: 10,
        messages: greeting,
      });
      await waitUntil(() => closing.requests.length === 2);
      await closing.close();
      const results = await Promise.allSettled([hanging, delayed]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      await closing.waitForIdle();
      expect(closing.streams).toMatchObject([{ status: 'aborted', clientAborted: false }]);
    }));

  it('clears the chat completions timers when the openai SDK aborts (mid-stream, in a hang, before the first byte)', () =>
    tracker.run(async () => {
      const chat = createFakeLlm([slow, { hang: true }, { text: 'never sent', delayMs: 60_000 }]);
      const client = new OpenAI({
        apiKey: 'test',
        baseURL: 'http://fake-llm.test/v1',
        maxRetries: 0,
        fetch: (input, init) => chat.handle(new Request(input, init)),
      });
      const messages = [{ role: 'user' as const, content: 'Hi?' }];
      const midStream = client.chat.completions.stream({ model: 'gpt-4o', messages });
      midStream.on('chunk', () => {
        midStream.abort();
      });
      await expect(midStream.finalChatCompletion()).rejects.toThrow(/abort/iu);
      const hanging = client.chat.completions.stream({ model: 'gpt-4o', messages });
      hanging.on('connect', () => {
        hanging.abort();
      });
      await expect(hanging.finalChatCompletion()).rejects.toThrow(/abort/iu);
      const controller = new AbortController();
      const delayed = client.chat.completions.create(
        { model: 'gpt-4o', messages },
        { signal: controller.signal },
      );
      await waitUntil(() => chat.requests.length === 3);
      controller.abort();
      // Without a server between them, the SDK sees the fake's Response.error() as a connection error.
      await expect(delayed).rejects.toThrow(/abort|connection/iu);
      await chat.waitForIdle();
      expect(chat.streams.map(({ status, clientAborted }) => ({ status, clientAborted }))).toEqual([
        { status: 'aborted', clientAborted: true },
        { status: 'aborted', clientAborted: true },
      ]);
    }));

  it('leaves no timer, socket or server behind', async () => {
    expect(await tracker.leftovers()).toEqual([]);
  });
});
