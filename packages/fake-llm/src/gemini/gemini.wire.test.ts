import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeChunkShape, readRecordedChunks, type GeminiChunk } from '../../test/gemini-fixtures.js';
import { createFakeLlm } from '../create-fake-llm.js';
import type { LlmStep } from '../script/llm-step.js';

const fake = createFakeLlm();
let baseUrl: string;
const weatherTool = {
  functionDeclarations: [
    {
      name: 'weather',
      parametersJsonSchema: { type: 'object', properties: { location: { type: 'string' } } },
    },
  ],
};

beforeAll(async () => {
  baseUrl = (await fake.serve()).url;
});
afterAll(() => fake.close());

/** Posts one generateContent request to a new script of the given steps. */
async function postGemini(options: {
  id: string;
  steps: LlmStep[];
  path: string;
  body?: Record<string, unknown>;
}): Promise<Response> {
  fake.script(options.id, { steps: options.steps });
  return fetch(`${baseUrl}/script/${options.id}${options.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': 'test-key' },
    body: JSON.stringify({
      contents: [{ role: 'user', parts: [{ text: 'How many rs in strawberry?' }] }],
      ...options.body,
    }),
  });
}

/** The stream's chunks, checking that each is framed as `data: <json>\r\n\r\n`. */
async function readChunks(response: Response): Promise<GeminiChunk[]> {
  const text = await response.text();
  expect(text.endsWith('\r\n\r\n')).toBe(true);
  return text
    .split('\r\n\r\n')
    .filter((frame) => frame !== '')
    .map((frame) => {
      expect(frame).toMatch(/^data: \{.*\}$/u);
      return JSON.parse(frame.slice('data: '.length)) as GeminiChunk;
    });
}

const stream = '/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse';

describe('POST …:streamGenerateContent?alt=sse', () => {
  it('streams a Gemini 3 text step with the recorded chunk sequence and fields, its signature last', async () => {
    const response = await postGemini({
      id: 'stream-text',
      steps: [{ thinking: 'Count them.', text: 'There are 3 "r"s in strawberry.' }],
      path: stream,
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/u);
    expect(describeChunkShape(await readChunks(response))).toEqual(
      describeChunkShape(readRecordedChunks('google-text.chunks.jsonl')),
    );
  });

  it('streams a Gemini 3 function call step as the recorded signed call, then the closing chunk', async () => {
    const response = await postGemini({
      id: 'stream-call',
      steps: [
        { thinking: 'Look it up.', toolCalls: [{ name: 'weather', input: { location: 'San Francisco' } }] },
      ],
      path: stream,
      body: { tools: [weatherTool] },
    });
    expect(describeChunkShape(await readChunks(response))).toEqual(
      describeChunkShape(readRecordedChunks('google-tool-call-gemini3.chunks.jsonl')),
    );
  });

  it('sends thoughts as thought parts when the request asks for them (snake_case taken)', async () => {
    const response = await postGemini({
      id: 'stream-thoughts',
      steps: [{ thinking: 'Strawberry has three.', text: 'Three.' }],
      path: stream,
      body: { generation_config: { thinking_config: { include_thoughts: true } } },
    });
    const chunks = await readChunks(response);
    expect(describeChunkShape(chunks).sequence).toEqual(['thought', 'text', 'text+signature+finish']);
    expect(chunks[0]).toMatchObject({
      candidates: [{ content: { parts: [{ text: 'Strawberry has three.', thought: true }], role: 'model' } }],
    });
  });

  it('records the request as streaming, without its key', async () => {
    await postGemini({ id: 'recorded', steps: [{ text: 'Three.' }], path: stream });
    const recorded = fake.getScript('recorded').requests[0];
    expect(recorded).toMatchObject({
      path: '/script/recorded/v1beta/models/gemini-3-pro-preview:streamGenerateContent',
      stream: true,
    });
    expect(recorded?.headers).not.toHaveProperty('x-goog-api-key');
  });

  it('replays a recording as it was sent', async () => {
    fake.script('replay', {
      baseDirectory: `${import.meta.dirname}/../../../../fixtures/real-wire/gemini`,
      steps: [{ replay: 'google-tool-call-gemini3.chunks.jsonl' }],
    });
    const response = await fetch(`${baseUrl}/script/replay${stream}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'test-key' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Weather?' }] }] }),
    });
    expect(await readChunks(response)).toEqual(readRecordedChunks('google-tool-call-gemini3.chunks.jsonl'));
  });
});

describe('POST …:generateContent', () => {
  it('answers a step whole: thought, text and a signed call in one candidate, with usage', async () => {
    const response = await postGemini({
      id: 'json',
      steps: [
        {
          thinking: 'Paris first.',
          text: 'Looking.',
          toolCalls: [{ name: 'weather', input: { location: 'Paris' } }],
          usage: { inputTokens: 12, outputTokens: 7 },
        },
      ],
      path: '/v1/models/gemini-2.5-flash:generateContent',
      body: { tools: [weatherTool], generationConfig: { thinkingConfig: { includeThoughts: true } } },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      candidates: [
        {
          content: {
            parts: [
              { text: 'Paris first.', thought: true },
              { text: 'Looking.' },
              {
                functionCall: { name: 'weather', args: { location: 'Paris' } },
                thoughtSignature: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/u) as unknown,
              },
            ],
            role: 'model',
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 12,
        candidatesTokenCount: 7,
        totalTokenCount: 22,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 12 }],
        thoughtsTokenCount: 3,
      },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'fake_json_1',
    });
  });

  it("counts a step's cache reads in promptTokenCount and says how many in cachedContentTokenCount", async () => {
    const usage = { inputTokens: 40, outputTokens: 12, cacheReadTokens: 300 };
    const expected = {
      promptTokenCount: 340,
      candidatesTokenCount: 12,
      totalTokenCount: 352,
      cachedContentTokenCount: 300,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 340 }],
      cacheTokensDetails: [{ modality: 'TEXT', tokenCount: 300 }],
    };
    const whole = await postGemini({
      id: 'json-cached',
      steps: [{ text: 'Three.', usage }],
      path: '/v1beta/models/gemini-2.5-flash:generateContent',
    });
    expect(((await whole.json()) as GeminiChunk).usageMetadata).toEqual(expected);
    const streamed = await postGemini({
      id: 'stream-cached',
      steps: [{ text: 'Three.', usage }],
      path: stream,
    });
    expect((await readChunks(streamed)).at(-1)?.usageMetadata).toEqual(expected);
    // A write count has no field of its own: Gemini counts those tokens in the prompt only.
    const written = await postGemini({
      id: 'json-cache-write',
      steps: [{ text: 'Three.', usage: { inputTokens: 40, outputTokens: 12, cacheWriteTokens: 25 } }],
      path: '/v1beta/models/gemini-2.5-flash:generateContent',
    });
    expect(((await written.json()) as GeminiChunk).usageMetadata).toEqual({
      promptTokenCount: 65,
      candidatesTokenCount: 12,
      totalTokenCount: 77,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 65 }],
    });
  });

  it('answers streamGenerateContent without alt=sse as one JSON array of the chunks', async () => {
    const response = await postGemini({
      id: 'array',
      steps: [{ text: 'Three.', stopReason: 'max_tokens' }],
      path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    });
    const chunks = (await response.json()) as GeminiChunk[];
    expect(chunks.at(-1)).toMatchObject({ candidates: [{ finishReason: 'MAX_TOKENS' }] });
  });

  it("answers a script error step in Google's error shape", async () => {
    const response = await postGemini({
      id: 'error',
      steps: [{ error: { status: 429, message: 'Resource has been exhausted (e.g. check quota).' } }],
      path: '/v1beta/models/gemini-2.5-flash:generateContent',
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: {
        code: 429,
        message: 'Resource has been exhausted (e.g. check quota).',
        status: 'RESOURCE_EXHAUSTED',
      },
    });
  });

  it("answers another Gemini path with a 404 in Google's shape", async () => {
    const response = await fetch(`${baseUrl}/v1beta/models/gemini-2.5-flash:countTokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'test-key' },
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });
});
