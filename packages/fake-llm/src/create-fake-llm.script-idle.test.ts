import { describe, expect, it } from 'vitest';
import { hasSettled } from '../test/has-settled.js';
import { createMessagesBody } from '../test/post-messages.js';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

/** Starts a streamed Messages request to the script `id`; the response is not read. */
function startStream(fake: FakeLlm, id: string, signal?: AbortSignal): Promise<Response> {
  return fake.handle(
    new Request(`http://fake-llm.test/script/${id}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(createMessagesBody({ stream: true })),
      ...(signal === undefined ? {} : { signal }),
    }),
  );
}

describe("route.waitForIdle: one script's streams", () => {
  it("resolves when this script's streams are done, while another script's stream stays open", async () => {
    const fake = createFakeLlm();
    fake.script('hangs', [{ text: 'never sent', hang: true }]);
    fake.script('answers', [{ text: 'Hello.' }]);
    const client = new AbortController();
    await startStream(fake, 'hangs', client.signal);
    await (await startStream(fake, 'answers')).text();

    expect(await hasSettled(fake.getScript('answers').waitForIdle())).toBe(true);
    expect(await hasSettled(fake.waitForIdle())).toBe(false);
    const hanging = fake.getScript('hangs').waitForIdle();
    expect(await hasSettled(hanging)).toBe(false);

    client.abort();
    await hanging;
    await fake.waitForIdle();
  });
});
