import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { hasSettled } from '../test/has-settled.js';
import { createMessagesBody } from '../test/post-messages.js';
import type { LlmStep } from './script/llm-step.js';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * A full garbage collection, as the engine may run one at any moment of a real run. Run after the current job:
 * an object a `WeakRef` was made to in this job stays alive until the job ends.
 */
async function collectGarbage(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}

/**
 * Sends a request through `fake.handle` the way a custom `fetch` does (`new Request(input, init)`), starts
 * reading a streamed answer, and lets go of the request and the response: nothing of them is left reachable
 * from here, as in a client that awaits its stream inside a promise chain. Gives back the answer a JSON request
 * is still waiting for.
 */
async function sendAndLetGo(
  fake: FakeLlm,
  options: { stream: boolean; signal: AbortSignal },
): Promise<{ answer?: Promise<unknown> }> {
  const pending = fake.handle(
    new Request('http://fake-llm.test/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(createMessagesBody({ stream: options.stream })),
      signal: options.signal,
    }),
  );
  if (!options.stream) {
    const answer = pending.then(() => 'answered');
    // The answer waits inside `handle`; its request is read by then.
    await new Promise((resolve) => setImmediate(resolve));
    return { answer };
  }
  const response = await pending;
  void response.body
    ?.getReader()
    .read()
    .catch(() => undefined);
  return {};
}

/**
 * The waits of an answer. The streams are what a collection used to cut off from their client; the JSON answers
 * wait inside `handle`, whose pending call keeps its request alive, and are here so that the hold stays released
 * on those paths too.
 */
const waits: Array<{ name: string; stream: boolean; step: LlmStep }> = [
  { name: 'a stream that hangs after its headers', stream: true, step: { text: 'never sent', hang: true } },
  {
    name: 'a stream between two events',
    stream: true,
    step: { text: 'one two three four five six seven eight', chunkDelayMs: 60_000 },
  },
  { name: 'a JSON answer that hangs', stream: false, step: { text: 'never sent', hang: true } },
  { name: 'an answer delayed before it starts', stream: false, step: { text: 'late', delayMs: 60_000 } },
];

describe('fake.handle: the client’s abort reaches an answer whose request the client let go of', () => {
  it.each(waits)('$name', async ({ stream, step }) => {
    const fake = createFakeLlm([step]);
    const client = new AbortController();
    const { answer } = await sendAndLetGo(fake, { stream, signal: client.signal });
    await collectGarbage();
    client.abort();
    // The abort is heard at once: the answer ends, and nothing of it waits on (a stream, a timer).
    if (answer !== undefined) expect(await hasSettled(answer)).toBe(true);
    else expect(fake.streams.map((record) => record.status)).toEqual(['aborted']);
    expect(await hasSettled(fake.waitForIdle())).toBe(true);
  });
});

describe('fake.serve: a client that disconnects after a garbage collection', () => {
  it('ends the stream it was reading', async () => {
    const fake = createFakeLlm([{ text: 'never sent', hang: true }]);
    const { url } = await fake.serve();
    try {
      const client = new AbortController();
      const response = await fetch(`${url}/v1/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'anthropic-version': '2023-06-01',
          'x-api-key': 'test',
        },
        body: JSON.stringify(createMessagesBody({ stream: true })),
        signal: client.signal,
      });
      expect(response.status).toBe(200);
      await collectGarbage();
      client.abort();
      // The server hears the socket close, and the stream it was sending ends with it.
      await fake.waitForIdle();
      expect(fake.streams.map((record) => record.status)).toEqual(['aborted']);
    } finally {
      await fake.close();
    }
  });
});
