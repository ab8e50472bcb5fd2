import OpenAI from 'openai';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from '../create-fake-llm.js';
import type { LlmStep } from '../script/llm-step.js';

const model = 'gpt-4o';
const messages = [{ role: 'user' as const, content: 'Find it.' }];
const xmlStep: LlmStep = {
  text: 'I will search, then read.',
  toolCalls: [
    { name: 'search', input: { query: 'café au lait', limit: 3, filters: { lang: 'fr' } } },
    { name: 'read_file', input: { path: 'notes/a.txt' } },
    {
      name: 'summarize',
      input: { text: 'A long text that the client should never need to receive at all.' },
    },
  ],
};
const expectedContent = [
  'I will search, then read.',
  '<tool:search>',
  '<param:query>café au lait</param:query>',
  '<param:limit>3</param:limit>',
  '<param:filters>{"lang":"fr"}</param:filters>',
  '</tool:search>',
  '<tool:read_file>',
  '<param:path>notes/a.txt</param:path>',
  '</tool:read_file>',
  '<tool:summarize>',
  '<param:text>A long text that the client should never need to receive at all.</param:text>',
  '</tool:summarize>',
].join('\n');

/** An SDK client that calls the fake directly (no server), so nothing reads ahead of the client. */
function createDirectClient(fake: FakeLlm): OpenAI {
  return new OpenAI({
    apiKey: 'test',
    baseURL: 'http://fake-llm.test/v1',
    fetch: (input, init) => fake.handle(new Request(input, init)),
  });
}

const fakes: FakeLlm[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
});

describe("toolFormat: 'xml'", () => {
  it('writes the tool calls into the content as XML blocks after the text, with no native tool calls', async () => {
    const fake = createFakeLlm({ toolFormat: 'xml', steps: [xmlStep, xmlStep] });
    const client = createDirectClient(fake);
    const streamed = await client.chat.completions.stream({ model, messages }).finalChatCompletion();
    expect(streamed.choices[0]?.message.content).toBe(expectedContent);
    expect(streamed.choices[0]?.message.tool_calls).toBeUndefined();
    expect(streamed.choices[0]?.finish_reason).toBe('stop');
    const json = await client.chat.completions.create({ model, messages });
    expect(json.choices[0]?.message).toEqual({ role: 'assistant', content: expectedContent, refusal: null });
    expect(fake.streams[0]?.xmlToolBlocks?.starts).toHaveLength(3);
  });

  it('writes rawInput between the tool tags as it is', async () => {
    const fake = createFakeLlm({
      toolFormat: 'xml',
      steps: [{ toolCalls: [{ name: 'search', rawInput: '<param:query>unclosed' }] }],
    });
    const completion = await createDirectClient(fake).chat.completions.create({ model, messages });
    expect(completion.choices[0]?.message.content).toBe(
      '<tool:search>\n<param:query>unclosed\n</tool:search>',
    );
  });

  it('records where the second block began, what was sent after it, and that the client aborted there', async () => {
    const fake = createFakeLlm({ toolFormat: 'xml', steps: [xmlStep] });
    const stream = await createDirectClient(fake).chat.completions.create({ model, messages, stream: true });
    let content = '';
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? '';
      if (content.split('<tool:').length - 1 === 2) {
        stream.controller.abort();
        break;
      }
    }
    await fake.waitForIdle();
    const record = fake.streams[0];
    const second = record?.xmlToolBlocks?.starts[1];
    expect(content.endsWith('<tool:read_file>')).toBe(true);
    expect(record).toMatchObject({
      status: 'aborted',
      clientAborted: true,
      eventsSent: (second?.eventIndex ?? 0) + 1,
    });
    expect(record?.xmlToolBlocks).toEqual({
      starts: [
        { eventIndex: expect.any(Number) as number, byteOffset: expect.any(Number) as number },
        second,
        { eventIndex: expect.any(Number) as number, byteOffset: expect.any(Number) as number },
      ],
      bytesSentAfterSecondBlock: Buffer.byteLength(
        '<tool:read_file>"},"logprobs":null,"finish_reason":null}]}\n\n',
      ),
      eventsSentAfterSecondBlock: 0,
      bytesPlannedAfterSecondBlock: (record?.bytesPlanned ?? 0) - (second?.byteOffset ?? 0),
    });
    expect(record?.xmlToolBlocks?.bytesPlannedAfterSecondBlock).toBeGreaterThan(600);
  });

  it('over HTTP, paced by chunkDelayMs, the stream stops soon after the client aborts at the second block', async () => {
    const fake = createFakeLlm({ toolFormat: 'xml', steps: [{ ...xmlStep, chunkDelayMs: 5 }] });
    fakes.push(fake);
    const server = await fake.serve();
    const client = new OpenAI({ apiKey: 'test', baseURL: `${server.url}/v1` });
    const stream = client.chat.completions.stream({ model, messages });
    stream.on('content', (_delta, snapshot) => {
      if (snapshot.split('<tool:').length - 1 === 2) stream.abort();
    });
    await expect(stream.finalChatCompletion()).rejects.toThrow(/abort/iu);
    await fake.waitForIdle();
    const record = fake.streams[0];
    expect(record).toMatchObject({ status: 'aborted', clientAborted: true });
    const blocks = record?.xmlToolBlocks;
    expect(blocks?.bytesSentAfterSecondBlock).toBeGreaterThan(0);
    expect(blocks?.bytesSentAfterSecondBlock).toBeLessThan(blocks?.bytesPlannedAfterSecondBlock ?? 0);
    expect(record?.bytesSent).toBeLessThan(record?.bytesPlanned ?? 0);
  });

  it('records no blocks for a native stream', async () => {
    const fake = createFakeLlm([xmlStep]);
    await createDirectClient(fake).chat.completions.stream({ model, messages }).finalChatCompletion();
    expect(fake.streams[0]?.xmlToolBlocks).toBeUndefined();
  });
});
