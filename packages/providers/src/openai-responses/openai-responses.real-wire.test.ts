import { ModelError, type ModelStreamPart } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { createEventStreamResponse } from '../../test/support/anthropic-wire.js';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { useScriptedTestServer } from '../../test/support/scripted-test-server.js';
import { readOpenAIResponsesFixture } from '../../test/support/openai-responses-wire.js';
import { openaiResponses } from './openai-responses.js';

const baseURL = 'https://openai.test/v1';
const { answer } = useScriptedTestServer();

/** Serves the `index`th response of a recorded file, byte for byte, to the real SDK through the provider. */
async function streamFixture(fileName: string, index = 0, chunkSize = 97) {
  const bytes = readOpenAIResponsesFixture(fileName)[index];
  if (bytes === undefined) throw new Error(`${fileName} has no response #${index}`);
  answer(`${baseURL}/responses`, [() => createEventStreamResponse({ bytes, chunkSize })]);
  const model = openaiResponses({
    baseURL,
    apiKey: 'sk-test-key-0123456789abcdef',
    model: 'gpt-5-mini',
    maxRetries: 0,
  });
  return collectStream({ model, request: createModelRequest() });
}

function wholeParts(parts: ModelStreamPart[]): ModelStreamPart[] {
  return parts.filter((part) => part.type !== 'text-delta' && part.type !== 'thinking-delta');
}

function joinDeltas(parts: ModelStreamPart[], type: 'text-delta' | 'thinking-delta'): string {
  return parts.map((part) => (part.type === type ? part.text : '')).join('');
}

const encrypted = 'openai-reasoning-encrypted-content.1.chunks.jsonl';

describe('recorded OpenAI Responses streams', () => {
  it('keeps the reasoning item whole, with its encrypted content, before the function call', async () => {
    const { parts, error } = await streamFixture(encrypted, 0);
    expect(error).toBeUndefined();
    const whole = wholeParts(parts);
    expect(whole.map((part) => part.type)).toEqual(['thinking', 'tool-call', 'finish']);
    const thinking = whole[0];
    if (thinking?.type !== 'thinking') throw new Error('no thinking part');
    const summary =
      "**Calculating step-by-step using calculator**\n\nI'll compute 12 plus 7, then multiply the result by 3, and finally multiply that by 10, reporting the final product.";
    expect(thinking.text).toBe(summary);
    expect(joinDeltas(parts, 'thinking-delta')).toBe(summary);
    const item = thinking.providerData?.['item'] as Record<string, unknown>;
    expect(item).toMatchObject({
      id: 'rs_01830d662ab3856501693c321405c88190be3ab04d5782d5f9',
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: summary }],
    });
    // The item of output_item.done, not of output_item.added: the encrypted content changes between them.
    expect(item['encrypted_content']).toMatch(/^gAAAAABpPDIVOKrsHNZ0GwsoEKA_IG/);
    expect(whole[1]).toEqual({
      type: 'tool-call',
      id: 'call_AB6AaRZ1FYZB2RwS6A5vbdqn',
      name: 'calculator',
      input: { a: 12, b: 7, op: 'add' },
      providerData: { itemId: 'fc_01830d662ab3856501693c32151234819091cfca267e98cc5f' },
    });
    expect(whole[2]).toEqual({
      type: 'finish',
      finishReason: 'tool_calls',
      rawFinishReason: 'completed',
      usage: { inputTokens: 134, outputTokens: 28, cacheReadTokens: 0, reasoningTokens: 0 },
      providerData: {
        responseId: 'resp_01830d662ab3856501693c321345c88190b0de00f3b9975691',
        model: 'gpt-5.1-codex-max',
      },
    });
  });

  it('parses a text answer into deltas, the whole text and an end finish', async () => {
    const { parts } = await streamFixture(encrypted, 3);
    expect(joinDeltas(parts, 'text-delta')).toBe('The final result is **570**.');
    expect(wholeParts(parts)).toEqual([
      {
        type: 'text',
        text: 'The final result is **570**.',
        providerData: { itemId: 'msg_01830d662ab3856501693c32183a488190a612c410a0a39823' },
      },
      expect.objectContaining({ type: 'finish', finishReason: 'end', rawFinishReason: 'completed' }),
    ]);
  });

  it('drops an item it cannot run, with a warning, and keeps the reasoning and the call (programmatic-tool-calling)', async () => {
    const { parts } = await streamFixture('programmatic-tool-calling.1.chunks.jsonl');
    const whole = wholeParts(parts);
    expect(whole.map((part) => part.type)).toEqual(['thinking', 'warning', 'tool-call', 'finish']);
    expect(whole[1]).toMatchObject({ type: 'warning', code: 'unsupported_output_item' });
    expect(whole[2]).toMatchObject({
      type: 'tool-call',
      id: 'call_VgDSZztLociNcutQZWkC2fmL',
      name: 'getInventory',
      input: { sku: 'sku_123' },
    });
    expect(whole[3]).toMatchObject({
      type: 'finish',
      usage: { inputTokens: 631, outputTokens: 87, cacheReadTokens: 0, reasoningTokens: 37 },
    });
  });

  it('ends a stream with an error event in a ModelError with its code, the key never in it (openai-error)', async () => {
    // One read: the SDK throws at the error event and cancels the body, and cancelling a body msw has teed
    // (its copy unread) never settles; a real connection's body cancels at once.
    const { parts, error } = await streamFixture('openai-error.1.chunks.jsonl', 0, 1 << 20);
    expect(parts).toEqual([]);
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ provider: 'openai', errorType: 'insufficient_quota', retryable: false });
    expect((error as Error).message).toContain('You exceeded your current quota');
    expect((error as Error).message).not.toContain('sk-test-key');
  });

  it('ends a stream cut before response.completed with a retryable ModelError', async () => {
    const [bytes] = readOpenAIResponsesFixture(encrypted);
    if (bytes === undefined) throw new Error('no response');
    const text = new TextDecoder().decode(bytes);
    const cut = new TextEncoder().encode(text.slice(0, text.indexOf('event: response.completed')));
    answer(`${baseURL}/responses`, [() => createEventStreamResponse({ bytes: cut })]);
    const model = openaiResponses({ baseURL, apiKey: 'sk-test', model: 'gpt-5-mini', maxRetries: 0 });
    const { parts, error } = await collectStream({ model, request: createModelRequest() });
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    expect(error).toMatchObject({ retryable: true, errorType: 'incomplete_stream' });
  });
});
