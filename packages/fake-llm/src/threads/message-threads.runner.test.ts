import Anthropic from '@anthropic-ai/sdk';
import { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from '../create-fake-llm.js';
import type { LlmStep } from '../script/llm-step.js';

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const steps: LlmStep[] = [
  { thinking: 'Paris first.', toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
  { thinking: 'Now Lyon.', toolCalls: [{ name: 'get_weather', input: { city: 'Lyon' } }] },
  { text: 'Sunny in both.', expectTools: ['get_weather'] },
];

/** Runs the SDK's own tool runner over the fake's HTTP server; `thread: false` sends the full history each turn. */
async function runToolRunner(options: { thread?: false; stream?: boolean } = {}) {
  fake = createFakeLlm({ name: 'tool runner', steps });
  const server = await fake.serve();
  const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
  const getWeather = betaTool({
    name: 'get_weather',
    description: 'Weather for a city',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    run: ({ city }) => `Sunny in ${city}`,
  });
  const runner = client.beta.messages.toolRunner({
    model: 'claude-sonnet-4-6',
    max_tokens: 2048,
    system: 'Answer briefly.',
    thinking: { type: 'enabled', budget_tokens: 1024 },
    tools: [getWeather],
    messages: [{ role: 'user', content: 'Weather in Paris and Lyon?' }],
    ...(options.thread === undefined ? {} : { thread: options.thread }),
    ...(options.stream === true ? { stream: true } : {}),
  });
  const final = await runner.runUntilDone();
  return { fake, final };
}

describe("the SDK's tool runner over a message thread", () => {
  it('completes a two-round loop with default options and no violation', async () => {
    const { fake, final } = await runToolRunner();
    expect(final.content).toEqual([{ type: 'text', text: 'Sunny in both.' }]);
    expect(fake.violations).toEqual([]);
    expect(fake.requests.map((request) => (request.body as { thread?: unknown }).thread)).toEqual([
      { type: 'create' },
      { type: 'continue', previous_message_id: 'msg_fake_default_1' },
      { type: 'continue', previous_message_id: 'msg_fake_default_2' },
    ]);
  });

  it('completes the loop streaming too', async () => {
    const { fake, final } = await runToolRunner({ stream: true });
    expect(final.content).toEqual([{ type: 'text', text: 'Sunny in both.' }]);
    expect(fake.violations).toEqual([]);
  });

  it('counts the bytes the thread saved: a full replay is what the same loop sends without a thread', async () => {
    const threaded = (await runToolRunner()).fake;
    const saved = threaded.threadBytes;
    await threaded.close();
    const unthreaded = (await runToolRunner({ thread: false })).fake;
    const fullHistoryBytes = unthreaded.requests.reduce((sum, request) => sum + request.bodyBytes, 0);
    const threadedBytes = threaded.requests.reduce((sum, request) => sum + request.bodyBytes, 0);
    expect(saved).toEqual({
      requests: 3,
      continued: 2,
      bytesSent: threadedBytes,
      fullReplayBytes: fullHistoryBytes,
      bytesSaved: fullHistoryBytes - threadedBytes,
    });
    expect(saved.bytesSaved).toBeGreaterThan(0);
    expect(unthreaded.threadBytes).toEqual({
      requests: 0,
      continued: 0,
      bytesSent: 0,
      fullReplayBytes: 0,
      bytesSaved: 0,
    });
  });
});
