import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  anthropicFixturesDirectory,
  listAnthropicFixtures,
  readExpectedReplay,
} from '../../test/fixtures.js';
import { createMessagesBody, postMessages } from '../../test/post-messages.js';
import { createFakeLlm, type FakeLlm } from '../create-fake-llm.js';
import type { LlmStep } from '../script/llm-step.js';

const steps: LlmStep[] = [
  {
    thinking: 'Two cities, one tool call each.',
    text: 'Checking both.',
    toolCalls: [
      { name: 'get_weather', input: { city: 'Paris' } },
      { name: 'get_weather', input: { city: 'Oslo' } },
    ],
    usage: { inputTokens: 50, outputTokens: 20 },
  },
];
const fakes: FakeLlm[] = [];

/** A fake closed after each test. */
function createTrackedFake(script: LlmStep[]): FakeLlm {
  const fake = createFakeLlm({ name: 'served', steps: script });
  fakes.push(fake);
  return fake;
}

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

function askWithSdk(client: Anthropic) {
  return client.messages
    .stream({
      model: 'claude-sonnet-4-6',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Weather?' }],
    })
    .finalMessage();
}

describe('serve', () => {
  it('listens on 127.0.0.1 on a free port', async () => {
    const server = await createTrackedFake(steps).serve();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it('keeps a connection open until the client closes it: no keep-alive timeout for a busy client to race', async () => {
    const server = await createTrackedFake(steps).serve();
    const response = await postMessages({
      url: `${server.url}/v1/messages`,
      body: createMessagesBody({ stream: true }),
    });
    await response.arrayBuffer();
    // With a timeout, the server closes an idle connection after it, and a client whose event loop was busy for
    // longer than its margin sends the next request on a socket just closed: a connection error no real API gives.
    expect(response.headers.get('connection')).toBe('keep-alive');
    expect(response.headers.get('keep-alive')).toBeNull();
  });

  it('sends a plain fetch the same bytes as the in-process fake', async () => {
    const served = createTrackedFake(steps);
    const server = await served.serve({ port: 0 });
    const overHttp = await postMessages({
      url: `${server.url}/v1/messages`,
      body: createMessagesBody({ stream: true }),
    });
    const inProcess = await createTrackedFake(steps).handle(
      new Request('http://fake-llm.test/v1/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
        body: JSON.stringify(createMessagesBody({ stream: true })),
      }),
    );
    expect(overHttp.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const bytes = Buffer.from(await overHttp.arrayBuffer());
    expect(bytes.equals(Buffer.from(await inProcess.arrayBuffer()))).toBe(true);
    expect(served.streams[0]).toMatchObject({ status: 'completed', bytesSent: bytes.byteLength });
  });

  it('answers the SDK with a custom baseURL as it answers the SDK in process', async () => {
    const server = await createTrackedFake(steps).serve();
    const overHttp = await askWithSdk(new Anthropic({ apiKey: 'test', baseURL: server.url }));
    const inProcessFake = createTrackedFake(steps);
    const inProcess = await askWithSdk(
      new Anthropic({
        apiKey: 'test',
        baseURL: 'http://fake-llm.test',
        fetch: (input, init) => inProcessFake.handle(new Request(input, init)),
      }),
    );
    expect(overHttp).toEqual(inProcess);
    expect(overHttp.content.map((block) => block.type)).toEqual(['thinking', 'text', 'tool_use', 'tool_use']);
  });

  it('replays every recording byte for byte over HTTP', async () => {
    const names = listAnthropicFixtures();
    const fake = createFakeLlm({
      baseDirectory: anthropicFixturesDirectory,
      steps: names.map((name) => ({ replay: name })),
    });
    fakes.push(fake);
    const server = await fake.serve();
    for (const name of names) {
      const response = await postMessages({
        url: `${server.url}/v1/messages`,
        body: createMessagesBody({ stream: true }),
      });
      expect(Buffer.from(await response.arrayBuffer()).equals(readExpectedReplay(name))).toBe(true);
    }
    expect(fake.streams.map((stream) => stream.status)).toEqual(names.map(() => 'completed'));
  });

  it('routes by a /script/<id> base URL', async () => {
    const fake = createTrackedFake([]);
    fake.script('other', [{ text: 'From the other script.' }]);
    const server = await fake.serve();
    const message = await askWithSdk(
      new Anthropic({ apiKey: 'test', baseURL: `${server.url}/script/other` }),
    );
    expect(message.content).toEqual([{ type: 'text', text: 'From the other script.' }]);
  });

  it('answers other paths with Anthropic headers with a 404 in Anthropic error JSON', async () => {
    const fake = createTrackedFake(steps);
    const server = await fake.serve();
    const response = await fetch(`${server.url}/v1/models`, {
      headers: { 'anthropic-version': '2023-06-01' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    expect(fake.violations.map((violation) => violation.type)).toEqual(['invalid-request']);
  });

  it('ends a hanging stream when the client disconnects', async () => {
    const fake = createTrackedFake([{ hang: true }]);
    const server = await fake.serve();
    const controller = new AbortController();
    const response = await postMessages({
      url: `${server.url}/v1/messages`,
      body: createMessagesBody({ stream: true }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    controller.abort();
    await fake.waitForIdle();
    expect(fake.streams[0]).toMatchObject({ status: 'aborted', clientAborted: true, eventsSent: 0 });
  });

  it('ends a hanging stream when the server closes', async () => {
    const fake = createTrackedFake([{ text: 'Never finished.', truncate: { afterEvents: 2 }, hang: true }]);
    const server = await fake.serve();
    const response = await postMessages({
      url: `${server.url}/v1/messages`,
      body: createMessagesBody({ stream: true }),
    });
    const reading = response.text();
    await server.close();
    await expect(reading).rejects.toThrow();
    await fake.waitForIdle();
    expect(fake.streams[0]).toMatchObject({ status: 'aborted', eventsSent: 2 });
  });
});
