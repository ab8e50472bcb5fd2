import { defineTool, runToolLoop, type ModelStreamPart } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readGeminiChunks, readGeminiFixture } from '../../test/support/gemini-wire.js';
import { gemini } from './gemini.js';

/** A `fetch` that answers each request with the next recording, as SSE, and keeps the bodies it was sent. */
function replay(files: readonly string[]): { fetch: typeof globalThis.fetch; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const fetch: typeof globalThis.fetch = (_input, init) => {
    bodies.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'));
    const file = files[bodies.length - 1];
    if (file === undefined) return Promise.resolve(new Response('no more recordings', { status: 500 }));
    return Promise.resolve(
      new Response(readGeminiFixture(file), { headers: { 'content-type': 'text/event-stream' } }),
    );
  };
  return { fetch, bodies };
}

async function streamRecording(file: string, model = 'gemini-3-pro-preview'): Promise<ModelStreamPart[]> {
  const { fetch } = replay([file]);
  const parts: ModelStreamPart[] = [];
  const provider = gemini({
    model,
    apiKey: 'test-key',
    baseURL: 'https://gemini.test',
    fetch,
    maxRetries: 0,
  });
  for await (const part of provider.stream({
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [],
    signal: new AbortController().signal,
  }))
    parts.push(part);
  return parts;
}

function signatureOf(file: string, index: number): string {
  const chunk = readGeminiChunks(file)[index] as {
    candidates: Array<{ content: { parts: Array<{ thoughtSignature?: string }> } }>;
  };
  return chunk.candidates[0]?.content.parts[0]?.thoughtSignature ?? '';
}

describe('the Gemini provider on recorded streams', () => {
  it('reads a Gemini 3 function call with its signature, and the usage with thought tokens', async () => {
    const parts = await streamRecording('google-tool-call-gemini3.chunks.jsonl');
    expect(parts.filter((part) => part.type !== 'finish')).toEqual([
      {
        type: 'tool-call',
        id: 'gemini-call-QHiLaa6LBrb8vdIPoNztsAg-1',
        name: 'weather',
        input: { location: 'San Francisco' },
        providerData: { thoughtSignature: signatureOf('google-tool-call-gemini3.chunks.jsonl', 0) },
      },
    ]);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'tool_calls',
      rawFinishReason: 'STOP',
      usage: { inputTokens: 29, outputTokens: 819, reasoningTokens: 804 },
      providerData: {
        responseId: 'QHiLaa6LBrb8vdIPoNztsAg',
        model: 'gemini-3-pro-preview',
        reasoningTokens: 804,
      },
    });
  });

  it('keeps the signature of a text answer, sent on its last empty chunk, with the text', async () => {
    const parts = await streamRecording('google-text.chunks.jsonl');
    expect(parts.filter((part) => part.type === 'text')).toEqual([
      {
        type: 'text',
        text: 'There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y',
        providerData: { thoughtSignature: signatureOf('google-text.chunks.jsonl', 2) },
      },
    ]);
  });

  it('puts streamed arguments together, and reads a thought and a call without arguments', async () => {
    const streamed = await streamRecording('google-stream-tool-call-arguments.chunks.jsonl');
    expect(streamed.flatMap((part) => (part.type === 'tool-call' ? [[part.name, part.input]] : []))).toEqual([
      ['getWeather', { location: 'Boston' }],
      ['getWeather', { location: 'San Francisco' }],
    ]);
    const noArgs = await streamRecording(
      'google-stream-no-args-tool-call.chunks.jsonl',
      'gemini-3-flash-preview',
    );
    expect(noArgs.filter((part) => part.type === 'thinking')).toHaveLength(1);
    expect(noArgs.flatMap((part) => (part.type === 'tool-call' ? [[part.name, part.input]] : []))).toEqual([
      ['read_theme', {}],
      ['read_screen', { id: 'A' }],
      ['read_screen', { id: 'B' }],
      ['read_screen', { id: 'C' }],
    ]);
  });

  it('sends the recorded signature back exactly on the call it came with, in a two-round loop', async () => {
    const { fetch, bodies } = replay(['google-tool-call-gemini3.chunks.jsonl', 'google-text.chunks.jsonl']);
    const result = await runToolLoop({
      model: gemini({
        model: 'gemini-3-pro-preview',
        apiKey: 'test-key',
        baseURL: 'https://gemini.test',
        fetch,
      }),
      prompt: 'Weather in San Francisco?',
      tools: [
        defineTool({
          name: 'weather',
          description: 'The weather.',
          inputSchema: z.object({ location: z.string() }),
          execute: () => 'Foggy.',
        }),
      ],
      statusMessages: 'off',
    }).result;

    expect(result.stopReason).toBe('completed');
    expect((bodies[1] as { contents: unknown[] }).contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [
          {
            functionCall: { name: 'weather', args: { location: 'San Francisco' } },
            thoughtSignature: signatureOf('google-tool-call-gemini3.chunks.jsonl', 0),
          },
        ],
      },
      { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { output: 'Foggy.' } } }] },
    ]);
  });
});
