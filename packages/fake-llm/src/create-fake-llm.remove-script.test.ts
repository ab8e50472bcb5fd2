import { describe, expect, it } from 'vitest';
import { createMessagesBody } from '../test/post-messages.js';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

/** Posts a Messages request to the script `id`, its user message `size` characters long; returns the status. */
async function post(fake: FakeLlm, id: string, size = 10): Promise<number> {
  const response = await fake.handle(
    new Request(`http://fake-llm.test/script/${id}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(createMessagesBody({ messages: [{ role: 'user', content: 'x'.repeat(size) }] })),
    }),
  );
  await response.text();
  return response.status;
}

const answers = (count: number) => Array.from({ length: count }, () => ({ text: 'ok' }));

describe('fake.removeScript', () => {
  it("takes the script's records out of the fake's lists, keeps the others' in order, and keeps its own", async () => {
    const fake = createFakeLlm();
    fake.script('a', answers(1));
    fake.script('b', answers(2));
    await post(fake, 'b');
    await post(fake, 'a');
    await post(fake, 'b');
    const a = fake.getScript('a');

    fake.removeScript('a');

    expect(fake.requests.map((request) => `${request.scriptId} ${request.index}`)).toEqual(['b 0', 'b 1']);
    expect(a.requests).toHaveLength(1);
    expect(() => fake.getScript('a')).toThrow("This fake LLM has no script 'a' (it has: b).");
  });

  it('refuses a later request for it as for a script never added', async () => {
    const fake = createFakeLlm();
    fake.script('a', answers(2));
    await post(fake, 'a');
    fake.removeScript('a');

    expect(await post(fake, 'a')).toBe(500);
    expect(fake.violations).toEqual([expect.objectContaining({ type: 'unknown-script', scriptId: 'a' })]);
    expect(fake.requests).toEqual([]);
  });

  it('no longer counts its requests against maxRetainedRequestBytes, nor summarizes them', async () => {
    const fake = createFakeLlm(undefined, { maxRetainedRequestBytes: 10_000 });
    fake.script('a', answers(2));
    fake.script('b', answers(3));
    await post(fake, 'a', 3_000);
    await post(fake, 'a', 3_000);
    const a = fake.getScript('a');
    fake.removeScript('a');
    for (let count = 0; count < 3; count += 1) await post(fake, 'b', 3_000);

    expect(a.requests.map((request) => request.summarized)).toEqual([false, false]);
    expect(fake.requests.map((request) => request.summarized)).toEqual([false, false, false]);
  });

  it('names a script it does not have', () => {
    const fake = createFakeLlm();
    fake.script('a', answers(1));

    expect(() => {
      fake.removeScript('z');
    }).toThrow("This fake LLM has no script 'z' (it has: a).");
  });
});
