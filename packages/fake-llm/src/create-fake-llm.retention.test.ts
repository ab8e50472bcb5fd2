import { describe, expect, it } from 'vitest';
import { createMessagesBody } from '../test/post-messages.js';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';
import type { RecordedRequest } from './records/recorded-request.js';

/** Posts a Messages body whose user message is `size` characters long. */
async function postSized(fake: FakeLlm, size: number): Promise<number> {
  const response = await fake.handle(
    new Request('http://fake-llm.test/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(createMessagesBody({ messages: [{ role: 'user', content: 'x'.repeat(size) }] })),
    }),
  );
  await response.text();
  return response.status;
}

/** The bytes the records still hold: bodies, header names and values of the requests kept in full. */
function retainedBytes(requests: readonly RecordedRequest[]): number {
  let bytes = 0;
  for (const request of requests.filter((kept) => !kept.summarized)) {
    bytes += request.bodyBytes;
    for (const [name, value] of Object.entries(request.headers)) bytes += name.length + value.length;
  }
  return bytes;
}

describe('what the fake keeps of the requests it received', () => {
  it('keeps requests in full up to maxRetainedRequestBytes, then keeps summaries of the oldest', async () => {
    const fake = createFakeLlm(
      Array.from({ length: 5 }, () => ({ text: 'ok' })),
      { maxRetainedRequestBytes: 10_000 },
    );
    for (let count = 0; count < 5; count += 1) expect(await postSized(fake, 3_000)).toBe(200);
    expect(fake.requests.map((request) => request.summarized)).toEqual([true, true, false, false, false]);
    expect(retainedBytes(fake.requests)).toBeLessThanOrEqual(10_000);
    const [oldest] = fake.requests;
    expect(oldest).toEqual({
      scriptId: 'default',
      index: 0,
      method: 'POST',
      path: '/v1/messages',
      headers: {},
      body: undefined,
      bodyBytes: expect.any(Number) as number,
      stream: false,
      summarized: true,
    });
    expect(oldest?.bodyBytes).toBeGreaterThan(3_000);
    expect(fake.requests[4]?.body).toMatchObject({ messages: [{ role: 'user' }] });
  });

  // Three 25 MiB bodies are the fewest that pass the default; parsing 75 MiB of JSON takes seconds on a loaded machine.
  it(
    'keeps no more than 64 MiB of request bodies by default, however many large requests arrive',
    { timeout: 60_000 },
    async () => {
      // 25 MiB is past every model's context window; what is kept of such requests is what this test is about.
      const fake = createFakeLlm(
        Array.from({ length: 3 }, () => ({ text: 'ok' })),
        { strictness: { relax: ['messages/context-window'] } },
      );
      for (let count = 0; count < 3; count += 1) expect(await postSized(fake, 25 * 1024 * 1024)).toBe(200);
      expect(fake.requests.map((request) => request.summarized)).toEqual([true, false, false]);
      expect(retainedBytes(fake.requests)).toBeLessThanOrEqual(64 * 1024 * 1024);
    },
  );

  it('refuses a body over 32 MiB by default, as the Messages API does', async () => {
    const fake = createFakeLlm([{ text: 'never sent' }]);
    expect(await postSized(fake, 32 * 1024 * 1024)).toBe(413);
    expect(fake.requests).toEqual([]);
  });
});
