import { afterEach, describe, expect, it } from 'vitest';
import { postMessages } from '../test/post-messages.js';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe.each(['served', 'msw'] as const)('POST /v1/messages/count_tokens (%s)', (transport) => {
  async function start(): Promise<string> {
    fake = createFakeLlm([{ text: 'Counted.' }]);
    if (transport === 'msw') {
      fake.listen();
      return 'http://fake-llm.test';
    }
    return (await fake.serve()).url;
  }

  it('answers its estimate of the prompt, as its answers count input tokens, and takes no step', async () => {
    const baseUrl = await start();
    // count_tokens takes the Messages body without max_tokens: the count is that of the same prompt.
    const counted = { model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: 'How many tokens?' }] };
    const response = await postMessages({ url: `${baseUrl}/v1/messages/count_tokens`, body: counted });
    expect(response.status).toBe(200);
    const { input_tokens } = (await response.json()) as { input_tokens: number };
    const answered = await postMessages({
      url: `${baseUrl}/v1/messages`,
      body: { ...counted, max_tokens: 256 },
    });
    const message = (await answered.json()) as { usage: { input_tokens: number } };
    // 87 characters of body, four a token; the answer's body has the 17 of `,"max_tokens":256` more.
    expect([input_tokens, message.usage.input_tokens]).toEqual([22, 26]);
    expect(fake?.getScript().requests).toHaveLength(1);
  });

  it("routes a /script/<id> path to that script's records", async () => {
    const baseUrl = await start();
    fake?.removeScript('default');
    fake?.script('counting', [{ text: 'Unused.' }]);
    const counted = await postMessages({
      url: `${baseUrl}/script/counting/v1/messages/count_tokens`,
      body: { model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: 'Hi' }] },
    });
    expect(counted.status).toBe(200);
  });
});
