import {
  BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
} from '@aws-sdk/client-bedrock-runtime';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bedrockFixturesDirectory,
  decodeEventStream,
  describeBedrockStreamShape,
  readRecordedBedrockEvents,
  type BedrockStreamEvent,
} from '../../test/bedrock-fixtures.js';
import { createRequestHeaders } from '../../test/create-request-headers.js';
import { createFakeLlm } from '../create-fake-llm.js';
import type { LlmStep } from '../script/llm-step.js';

const fake = createFakeLlm();
let baseUrl: string;
const modelId = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const calculator = {
  toolSpec: {
    name: 'calculator',
    inputSchema: { json: { type: 'object', properties: { a: { type: 'number' } } } },
  },
};

beforeAll(async () => {
  baseUrl = (await fake.serve()).url;
});
afterAll(() => fake.close());

/** Posts one Converse request to a new script of the given steps. */
async function postConverse(options: { id: string; steps: LlmStep[]; stream: boolean; body?: object }) {
  fake.script(options.id, { steps: options.steps });
  const path = `/model/${encodeURIComponent(modelId)}/${options.stream ? 'converse-stream' : 'converse'}`;
  return fetch(`${baseUrl}/script/${options.id}${path}`, {
    method: 'POST',
    headers: createRequestHeaders({ path }),
    body: JSON.stringify({
      messages: [{ role: 'user', content: [{ text: 'How many r are in strawberry?' }] }],
      ...options.body,
    }),
  });
}

async function readEvents(response: Response): Promise<BedrockStreamEvent[]> {
  expect(response.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
  return decodeEventStream(new Uint8Array(await response.arrayBuffer()));
}

/** The events from the first content block event to the last `contentBlockStop`. */
function contentBlockEvents(events: readonly BedrockStreamEvent[]): BedrockStreamEvent[] {
  const isBlock = (event: BedrockStreamEvent) =>
    'contentBlockStart' in event || 'contentBlockDelta' in event || 'contentBlockStop' in event;
  return events.filter(isBlock);
}

describe('POST /model/<modelId>/converse-stream', () => {
  it('streams a text step with the recorded event sequence and fields', async () => {
    const response = await postConverse({
      id: 'stream-text',
      steps: [{ text: 'There are 3 r in strawberry.' }],
      stream: true,
    });
    expect(describeBedrockStreamShape(await readEvents(response))).toEqual(
      describeBedrockStreamShape(readRecordedBedrockEvents('amazon-bedrock-text.chunks.jsonl')),
    );
  });

  it('streams thinking then text as the recorded reasoning content, signature last', async () => {
    const response = await postConverse({
      id: 'stream-reasoning',
      steps: [{ thinking: 'Let me count the r in strawberry.', text: 'There are 3.' }],
      stream: true,
      body: { additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 1024 } } },
    });
    expect(describeBedrockStreamShape(await readEvents(response))).toEqual(
      describeBedrockStreamShape(readRecordedBedrockEvents('amazon-bedrock-reasoning.chunks.jsonl')),
    );
  });

  it('streams a tool call as the recorded contentBlockStart, input deltas and contentBlockStop', async () => {
    const response = await postConverse({
      id: 'stream-call',
      steps: [{ toolCalls: [{ name: 'calculator', input: { a: 12 } }] }],
      stream: true,
      body: { toolConfig: { tools: [calculator] } },
    });
    const events = await readEvents(response);
    expect(describeBedrockStreamShape(contentBlockEvents(events))).toEqual(
      describeBedrockStreamShape(
        readRecordedBedrockEvents('amazon-bedrock-tool-call.1.chunks.jsonl').slice(0, 4),
      ),
    );
    expect(events.at(-2)).toMatchObject({ messageStop: { stopReason: 'tool_use' } });
  });

  it('sends the content whole across its deltas: reasoning, signature, text, tool input', async () => {
    const response = await postConverse({
      id: 'stream-content',
      steps: [
        {
          thinking: 'Adding two numbers.',
          text: 'Let me add.',
          toolCalls: [{ id: 'tooluse_1', name: 'calculator', input: { a: 12 } }],
        },
      ],
      stream: true,
      body: { toolConfig: { tools: [calculator] } },
    });
    const deltas = (await readEvents(response)).flatMap((event) => {
      const delta = event.contentBlockDelta?.delta;
      return delta === undefined ? [] : [delta as Record<string, Record<string, string>>];
    });
    const join = (pick: (delta: Record<string, Record<string, string>>) => string | undefined) =>
      deltas.map((delta) => pick(delta) ?? '').join('');
    expect(join((delta) => delta.reasoningContent?.text)).toBe('Adding two numbers.');
    expect(join((delta) => delta.reasoningContent?.signature)).toMatch(/^[A-Za-z0-9+/]+=*$/u);
    expect(join((delta) => (typeof delta.text === 'string' ? delta.text : undefined))).toBe('Let me add.');
    expect(join((delta) => delta.toolUse?.input)).toBe('{"a":12}');
  });

  it('replays a recording event for event, framed for the AWS SDK', async () => {
    const name = 'amazon-bedrock-reasoning.chunks.jsonl';
    const response = await postConverse({
      id: 'stream-replay',
      steps: [{ replay: join(bedrockFixturesDirectory, name) }],
      stream: true,
    });
    expect(await readEvents(response)).toEqual(readRecordedBedrockEvents(name));
  });

  it('is read by the AWS SDK: ConverseStreamCommand yields messageStart first and metadata last', async () => {
    fake.script('stream-sdk', { steps: [{ thinking: 'Count.', text: 'Three.' }] });
    const client = new BedrockRuntimeClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDFAKEEXAMPLE', secretAccessKey: 'fake-secret-access-key' },
      endpoint: `${baseUrl}/script/stream-sdk`,
    });
    const response = await client.send(
      new ConverseStreamCommand({ modelId, messages: [{ role: 'user', content: [{ text: 'How many?' }] }] }),
    );
    const events: unknown[] = [];
    for await (const event of response.stream ?? []) events.push(event);
    expect(events[0]).toEqual({ messageStart: { role: 'assistant' } });
    expect(fake.getScript('stream-sdk').requests[0]?.stream).toBe(true);
    expect(events.at(-1)).toMatchObject({ metadata: { metrics: { latencyMs: 100 } } });
    client.destroy();
  });
});

describe('POST /model/<modelId>/converse', () => {
  it('answers the AWS SDK with the message, stop reason, usage and metrics', async () => {
    fake.script('converse-sdk', {
      steps: [{ thinking: 'Add.', toolCalls: [{ id: 'tooluse_1', name: 'calculator', input: { a: 12 } }] }],
    });
    const client = new BedrockRuntimeClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDFAKEEXAMPLE', secretAccessKey: 'fake-secret-access-key' },
      endpoint: `${baseUrl}/script/converse-sdk`,
    });
    const response = await client.send(
      new ConverseCommand({
        modelId,
        messages: [{ role: 'user', content: [{ text: 'What is 12 + 7?' }] }],
        toolConfig: { tools: [calculator] },
      }),
    );
    expect(response.output?.message?.content).toEqual([
      { reasoningContent: { reasoningText: { text: 'Add.', signature: expect.any(String) as unknown } } },
      { toolUse: { toolUseId: 'tooluse_1', name: 'calculator', input: { a: 12 } } },
    ]);
    expect(response.stopReason).toBe('tool_use');
    expect(response.usage).toMatchObject({
      inputTokens: expect.any(Number) as unknown,
      totalTokens: expect.any(Number) as unknown,
    });
    client.destroy();
  });

  it("reports a step's cache counts in cacheReadInputTokens and cacheWriteInputTokens, apart from inputTokens", async () => {
    const usage = { inputTokens: 40, outputTokens: 12, cacheReadTokens: 300, cacheWriteTokens: 25 };
    const expected = {
      inputTokens: 40,
      outputTokens: 12,
      serverToolUsage: {},
      totalTokens: 377,
      cacheReadInputTokens: 300,
      cacheWriteInputTokens: 25,
    };
    const whole = await postConverse({
      id: 'converse-cached',
      steps: [{ text: 'Three.', usage }],
      stream: false,
    });
    expect(((await whole.json()) as { usage: unknown }).usage).toEqual(expected);
    const streamed = await postConverse({
      id: 'stream-cached',
      steps: [{ text: 'Three.', usage }],
      stream: true,
    });
    expect((await readEvents(streamed)).at(-1)).toMatchObject({ metadata: { usage: expected } });
    // A count the step leaves out is left out of the wire too.
    const readOnly = await postConverse({
      id: 'converse-cache-read',
      steps: [{ text: 'Three.', usage: { inputTokens: 40, outputTokens: 12, cacheReadTokens: 300 } }],
      stream: false,
    });
    expect(((await readOnly.json()) as { usage: unknown }).usage).toEqual({
      inputTokens: 40,
      outputTokens: 12,
      serverToolUsage: {},
      totalTokens: 352,
      cacheReadInputTokens: 300,
    });
  });

  it('answers an error step in Bedrock error shape, which the SDK turns into its exception', async () => {
    fake.script('converse-error', { steps: [{ error: { status: 400, message: 'Nope.' } }] });
    const client = new BedrockRuntimeClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDFAKEEXAMPLE', secretAccessKey: 'fake-secret-access-key' },
      endpoint: `${baseUrl}/script/converse-error`,
    });
    const sent = client.send(
      new ConverseCommand({ modelId, messages: [{ role: 'user', content: [{ text: 'Hi' }] }] }),
    );
    await expect(sent).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'Nope.',
      $metadata: { httpStatusCode: 400 },
    });
    client.destroy();
  });
});

describe('other Bedrock paths', () => {
  it('answers an operation the fake does not serve (InvokeModel) with a 404 in AWS shape', async () => {
    const path = `/model/${encodeURIComponent(modelId)}/invoke`;
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: createRequestHeaders({ path }),
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-amzn-errortype')).toMatch(/^ResourceNotFoundException:/u);
    expect(((await response.json()) as { message: string }).message).toContain(
      'POST /model/<modelId>/converse',
    );
  });

  it('answers GET on a Converse path with a 404 in AWS shape', async () => {
    const response = await fetch(`${baseUrl}/model/${encodeURIComponent(modelId)}/converse`);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-amzn-errortype')).toMatch(/^ResourceNotFoundException:/u);
  });
});

describe('recorded Bedrock requests', () => {
  it('keep no credential: neither the signature nor an AWS session token', async () => {
    const route = fake.script('recorded-credentials', { steps: [{ text: 'Hi.' }] });
    const client = new BedrockRuntimeClient({
      region: 'us-east-1',
      credentials: {
        accessKeyId: 'AKIDFAKEEXAMPLE',
        secretAccessKey: 'fake-secret-access-key',
        sessionToken: 'fake-session-token',
      },
      endpoint: `${baseUrl}/script/recorded-credentials`,
    });
    await client.send(
      new ConverseCommand({ modelId, messages: [{ role: 'user', content: [{ text: 'Hi' }] }] }),
    );
    client.destroy();
    const recorded = JSON.stringify(route.requests);
    expect(recorded).not.toMatch(
      /AKIDFAKEEXAMPLE|fake-secret-access-key|fake-session-token|AWS4-HMAC-SHA256/u,
    );
    expect(route.requests[0]?.stream).toBe(false);
  });
});
