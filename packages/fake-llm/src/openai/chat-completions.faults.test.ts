import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listOpenAiCompatibleFixtures,
  openAiCompatibleFixturesDirectory,
  readExpectedChatCompletionsReplay,
} from '../../test/fixtures.js';
import { createFakeLlm } from '../create-fake-llm.js';
import type { LlmStep } from '../script/llm-step.js';
import type { FakeLlmServer } from '../server/start-http-server.js';

const fake = createFakeLlm();
const model = 'gpt-4o';
const messages = [{ role: 'user' as const, content: 'Hi' }];
let server: FakeLlmServer;

/** Registers steps and returns an SDK client whose requests go to them over real HTTP. */
function createClient(id: string, steps: LlmStep[], options: { maxRetries?: number } = {}): OpenAI {
  fake.script(id, { name: id, steps, baseDirectory: openAiCompatibleFixturesDirectory });
  return new OpenAI({ apiKey: 'test', baseURL: `${server.url}/script/${id}/v1`, ...options });
}

beforeAll(async () => {
  server = await fake.serve();
});
afterAll(() => fake.close());

describe('replay of the recorded OpenAI-compatible streams', () => {
  it.each(listOpenAiCompatibleFixtures())('sends %s byte for byte over HTTP', async (name) => {
    const id = `replay-${name}`;
    fake.script(id, { steps: [{ replay: name }], baseDirectory: openAiCompatibleFixturesDirectory });
    const response = await fetch(`${server.url}/script/${id}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages, stream: true }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(readExpectedChatCompletionsReplay(name))).toBe(true);
    expect(fake.getScript(id).streams[0]).toMatchObject({ status: 'completed', bytesSent: bytes.byteLength });
  });

  it.each(listOpenAiCompatibleFixtures())('lets the SDK read %s to its end', async (name) => {
    const client = createClient(`replay-sdk-${name}`, [{ replay: name }]);
    const stream = await client.chat.completions.create({ model, messages, stream: true });
    const finishReasons: string[] = [];
    for await (const chunk of stream) {
      for (const choice of chunk.choices) if (choice.finish_reason) finishReasons.push(choice.finish_reason);
    }
    expect(finishReasons.length).toBeGreaterThan(0);
  });
});

describe('faults, as the openai SDK sees them', () => {
  it('answers an error step in the OpenAI error shape', async () => {
    const client = createClient('bad-request', [{ error: { status: 400, message: 'Bad tools' } }], {
      maxRetries: 0,
    });
    const failure = client.chat.completions.create({ model, messages });
    await expect(failure).rejects.toMatchObject({
      status: 400,
      error: { message: 'Bad tools', type: 'invalid_request_error', code: null, param: null },
      requestID: 'req_fake_bad-request_1',
    });
  });

  it('429 with retry-after, then success, through the SDK default retries', async () => {
    const client = createClient('rate-limited', [
      { error: { status: 429, message: 'Slow down', retryAfter: 0.01 } },
      { error: { status: 503, type: 'overloaded', retryAfter: 0.01 } },
      { text: 'Back again.' },
    ]);
    const completion = await client.chat.completions.stream({ model, messages }).finalChatCompletion();
    expect(completion.choices[0]?.message.content).toBe('Back again.');
    const route = fake.getScript('rate-limited');
    expect(route.requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual([
      '0',
      '1',
      '2',
    ]);
  });

  it('gives up after the SDK retries, with the last error', async () => {
    const overloaded = { error: { status: 503, type: 'overloaded', message: 'Busy', retryAfter: 0.01 } };
    const client = createClient('exhausted-retries', [overloaded, overloaded], { maxRetries: 1 });
    await expect(client.chat.completions.create({ model, messages })).rejects.toMatchObject({
      status: 503,
      error: { type: 'overloaded', code: 'service_unavailable' },
    });
  });

  it('a request after the script ran out gets the named 500, which the SDK does not retry', async () => {
    const client = createClient('exhausted', []);
    await expect(client.chat.completions.create({ model, messages })).rejects.toThrow(
      /exhausted.*request 1 \(index 0\)/u,
    );
    expect(fake.getScript('exhausted').requests).toHaveLength(1);
    expect(fake.getScript('exhausted').violations.map((violation) => violation.type)).toEqual([
      'script-exhausted',
    ]);
  });

  it('a truncated stream makes finalChatCompletion() throw instead of hanging', async () => {
    const client = createClient('truncated', [{ text: 'This answer is cut.', truncate: { afterEvents: 2 } }]);
    await expect(client.chat.completions.stream({ model, messages }).finalChatCompletion()).rejects.toThrow(
      /finish_reason/u,
    );
    expect(fake.getScript('truncated').streams[0]).toMatchObject({
      status: 'truncated',
      eventsSent: 2,
      clientAborted: false,
    });
  });

  it('a hang ends cleanly when the client aborts', async () => {
    const client = createClient('hang', [{ hang: true }]);
    const stream = client.chat.completions.stream({ model, messages });
    stream.on('connect', () => {
      stream.abort();
    });
    await expect(stream.finalChatCompletion()).rejects.toThrow(/abort/iu);
    await fake.waitForIdle();
    expect(fake.getScript('hang').streams[0]).toMatchObject({
      status: 'aborted',
      eventsSent: 0,
      clientAborted: true,
    });
  });

  it('a replay of a missing file is a script error the SDK does not retry', async () => {
    const client = createClient('missing-replay', [{ replay: 'nowhere.chunks.jsonl' }]);
    await expect(client.chat.completions.create({ model, messages, stream: true })).rejects.toMatchObject({
      status: 500,
    });
    expect(fake.getScript('missing-replay').violations.map((violation) => violation.type)).toEqual([
      'script-error',
    ]);
    expect(fake.getScript('missing-replay').requests).toHaveLength(1);
  });

  it('routes by the x-toolloop-script header too', async () => {
    fake.script('by-header', [{ text: 'Routed by header.' }]);
    const client = new OpenAI({
      apiKey: 'test',
      baseURL: `${server.url}/v1`,
      defaultHeaders: { 'x-toolloop-script': 'by-header' },
    });
    const completion = await client.chat.completions.create({ model, messages });
    expect(completion.choices[0]?.message.content).toBe('Routed by header.');
  });

  it('answers an unknown script with an OpenAI-shaped 500', async () => {
    const client = new OpenAI({ apiKey: 'test', baseURL: `${server.url}/script/nobody/v1`, maxRetries: 3 });
    await expect(client.chat.completions.create({ model, messages })).rejects.toMatchObject({
      status: 500,
      error: { type: 'server_error' },
    });
    expect(fake.violations.filter((violation) => violation.type === 'unknown-script')).toHaveLength(1);
  });
});
