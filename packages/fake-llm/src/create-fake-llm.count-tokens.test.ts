import { afterEach, describe, expect, it } from 'vitest';
import { createMessagesBody, postMessages } from '../test/post-messages.js';
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

  it('answers the input tokens its answer to the same request reports, and takes no step', async () => {
    const baseUrl = await start();
    const body = createMessagesBody({ messages: [{ role: 'user', content: 'How many tokens is this?' }] });
    const counted = await postMessages({ url: `${baseUrl}/v1/messages/count_tokens`, body });
    expect(counted.status).toBe(200);
    const { input_tokens } = (await counted.json()) as { input_tokens: number };
    const answered = await postMessages({ url: `${baseUrl}/v1/messages`, body });
    const message = (await answered.json()) as { usage: { input_tokens: number } };
    expect(input_tokens).toBe(message.usage.input_tokens);
    expect(input_tokens).toBeGreaterThan(1);
    expect(fake?.route().requests).toHaveLength(1);
  });

  it("routes a /scenario/<id> path to that script's records", async () => {
    const baseUrl = await start();
    fake?.removeScript('default');
    fake?.script('counting', [{ text: 'Unused.' }]);
    const counted = await postMessages({
      url: `${baseUrl}/scenario/counting/v1/messages/count_tokens`,
      body: createMessagesBody(),
    });
    expect(counted.status).toBe(200);
  });
});
