import { defineTool, runToolLoop } from '@toolloop/core';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openaiResponses } from '@toolloop/providers/openai';
import { createEventStreamResponse } from './support/anthropic-wire.js';
import { readOpenAIResponsesFixture } from './support/openai-responses-wire.js';
import { useScriptedTestServer, type ReceivedBody } from './support/scripted-test-server.js';

const baseURL = 'https://openai.test/v1';
const { answer } = useScriptedTestServer();
const recorded = readOpenAIResponsesFixture('openai-reasoning-encrypted-content.1.chunks.jsonl');

/** The reasoning item the first recorded response ended with (its `output_item.done`), as the API sent it. */
function recordedReasoningItem(): unknown {
  const text = new TextDecoder().decode(recorded[0]);
  for (const line of text.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const event = JSON.parse(line.slice('data: '.length)) as { type: string; item?: { type: string } };
    if (event.type === 'response.output_item.done' && event.item?.type === 'reasoning') return event.item;
  }
  throw new Error('the recording has no reasoning item');
}

/**
 * What the API answers a request whose function call lost the reasoning item before it (with `store: false` the
 * server cannot look it up): a 400, as users of libraries that drop the item get it.
 */
function checkReasoningSentBack(body: ReceivedBody): Response | undefined {
  const input = body['input'] as Array<Record<string, unknown>>;
  const call = input.findIndex((item) => item['type'] === 'function_call');
  if (call > 0 && JSON.stringify(input[call - 1]) === JSON.stringify(recordedReasoningItem()))
    return undefined;
  return HttpResponse.json(
    {
      error: {
        message:
          "Item 'fc_01830d662ab3856501693c32151234819091cfca267e98cc5f' of type 'function_call' was provided without its required 'reasoning' item.",
        type: 'invalid_request_error',
        param: 'input',
        code: null,
      },
    },
    { status: 400 },
  );
}

describe('runToolLoop through the OpenAI Responses provider and the SDK', () => {
  it('sends the reasoning item back unchanged before its function call, and answers', async () => {
    const calculator = vi.fn(({ a, b }: { a: number; b: number; op: string }) => String(a + b));
    const { bodies } = answer(`${baseURL}/responses`, [
      () => createEventStreamResponse({ bytes: recorded[0] ?? new Uint8Array() }),
      ({ body }) =>
        checkReasoningSentBack(body) ?? createEventStreamResponse({ bytes: recorded[3] ?? new Uint8Array() }),
    ]);
    const result = await runToolLoop({
      model: openaiResponses({ baseURL, apiKey: 'sk-test', model: 'gpt-5-mini', maxRetries: 0 }),
      prompt: 'What is (12 + 7) * 3 * 10?',
      tools: [
        defineTool({
          name: 'calculator',
          description: 'Does arithmetic.',
          inputSchema: z.object({ a: z.number(), b: z.number(), op: z.string() }),
          execute: calculator,
        }),
      ],
      statusMessages: 'off',
    }).result;

    expect(result).toMatchObject({
      stopReason: 'completed',
      text: 'The final result is **570**.',
      iterations: 2,
    });
    expect(calculator).toHaveBeenCalledOnce();
    expect(bodies[1]).toMatchObject({ store: false, include: ['reasoning.encrypted_content'] });
    expect((bodies[1]?.['input'] as unknown[]).slice(1)).toEqual([
      recordedReasoningItem(),
      {
        type: 'function_call',
        id: 'fc_01830d662ab3856501693c32151234819091cfca267e98cc5f',
        call_id: 'call_AB6AaRZ1FYZB2RwS6A5vbdqn',
        name: 'calculator',
        arguments: '{"a":12,"b":7,"op":"add"}',
      },
      { type: 'function_call_output', call_id: 'call_AB6AaRZ1FYZB2RwS6A5vbdqn', output: '19' },
    ]);
  });
});
