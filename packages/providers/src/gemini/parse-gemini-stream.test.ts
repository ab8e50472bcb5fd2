import { FinishReason, GenerateContentResponse } from '@google/genai';
import type { ModelStreamPart } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { parseGeminiStream } from './parse-gemini-stream.js';

/** A chunk as the SDK makes it of what the API sent. */
function chunk(fields: Pick<GenerateContentResponse, 'responseId' | 'candidates'>): GenerateContentResponse {
  return Object.assign(new GenerateContentResponse(), fields);
}

async function parse(chunks: GenerateContentResponse[]): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  async function* stream() {
    for (const each of chunks) yield each;
  }
  for await (const part of parseGeminiStream({
    chunks: stream(),
    signal: new AbortController().signal,
    provider: 'gemini',
  }))
    parts.push(part);
  return parts;
}

describe('parseGeminiStream', () => {
  it('keeps an empty text part that carries only a signature, so the signature goes back', async () => {
    const call = { functionCall: { name: 'get_weather', args: { city: 'Paris' } } };
    const parts = await parse([
      chunk({ responseId: 'r1', candidates: [{ content: { role: 'model', parts: [call] } }] }),
      chunk({
        responseId: 'r1',
        candidates: [
          {
            content: { role: 'model', parts: [{ text: '', thoughtSignature: 'c2lnbmVk' }] },
            finishReason: FinishReason.STOP,
          },
        ],
      }),
    ]);

    expect(parts.filter((part) => part.type === 'text')).toEqual([
      { type: 'text', text: '', providerData: { thoughtSignature: 'c2lnbmVk' } },
    ]);
  });
});
