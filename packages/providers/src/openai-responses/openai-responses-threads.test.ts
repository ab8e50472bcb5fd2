import { defineTool, runToolLoop, type Message } from '@toolloop/core';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEventStreamResponse } from '../../test/support/anthropic-wire.js';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { readOpenAIResponsesFixture } from '../../test/support/openai-responses-wire.js';
import { useScriptedTestServer } from '../../test/support/scripted-test-server.js';
import { openaiResponses } from './openai-responses.js';

const baseURL = 'https://openai.test/v1';
const url = `${baseURL}/responses`;
const { answer } = useScriptedTestServer();
const [toolCallResponse = new Uint8Array(), , , textResponse = new Uint8Array()] = readOpenAIResponsesFixture(
  'openai-reasoning-encrypted-content.1.chunks.jsonl',
);
const firstResponseId = 'resp_01830d662ab3856501693c321345c88190b0de00f3b9975691';

const calculator = defineTool({
  name: 'calculator',
  inputSchema: z.object({ a: z.number(), b: z.number(), op: z.string() }),
  execute: ({ a, b }) => String(a + b),
});

function createModel() {
  return openaiResponses({ baseURL, apiKey: 'sk-test', model: 'gpt-5-mini', maxRetries: 0, threads: true });
}

describe('openaiResponses with threads', () => {
  it('stores the first response and sends the next request only the new items, with previous_response_id', async () => {
    const { bodies } = answer(url, [
      () => createEventStreamResponse({ bytes: toolCallResponse }),
      () => createEventStreamResponse({ bytes: textResponse }),
    ]);
    const result = await runToolLoop({
      model: createModel(),
      prompt: 'What is 12 + 7?',
      tools: [calculator],
      statusMessages: 'off',
    }).result;

    expect(result.stopReason).toBe('completed');
    expect(bodies[0]).toMatchObject({ store: true, input: [{ role: 'user', content: 'What is 12 + 7?' }] });
    expect(bodies[0]?.['previous_response_id']).toBeUndefined();
    expect(bodies[0]?.['include']).toBeUndefined();
    expect(bodies[1]).toMatchObject({
      store: true,
      previous_response_id: firstResponseId,
      input: [{ type: 'function_call_output', call_id: 'call_AB6AaRZ1FYZB2RwS6A5vbdqn', output: '19' }],
    });
  });

  it('sends the whole conversation again when the history no longer goes on from the stored response', async () => {
    const { bodies } = answer(url, [
      () => createEventStreamResponse({ bytes: toolCallResponse }),
      () => createEventStreamResponse({ bytes: textResponse }),
    ]);
    const model = createModel();
    const first = await collectStream({ model, request: createModelRequest() });
    expect(first.error).toBeUndefined();
    const edited: Message[] = [
      { role: 'user', content: 'Something else entirely.' },
      { role: 'assistant', content: [{ type: 'text', text: 'Sure.' }] },
      { role: 'user', content: 'Go on.' },
    ];
    await collectStream({ model, request: createModelRequest({ messages: edited }) });

    expect(bodies[1]?.['previous_response_id']).toBeUndefined();
    expect(bodies[1]?.['input']).toHaveLength(3);
  });

  it('replays the whole conversation when the server no longer has the previous response', async () => {
    const { bodies } = answer(url, [
      () => createEventStreamResponse({ bytes: toolCallResponse }),
      () =>
        HttpResponse.json(
          {
            error: {
              message: `Previous response with id '${firstResponseId}' not found.`,
              type: 'invalid_request_error',
              param: 'previous_response_id',
              code: 'previous_response_not_found',
            },
          },
          { status: 400 },
        ),
      () => createEventStreamResponse({ bytes: textResponse }),
    ]);
    const result = await runToolLoop({
      model: createModel(),
      prompt: 'What is 12 + 7?',
      tools: [calculator],
      statusMessages: 'off',
    }).result;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'The final result is **570**.' });
    expect(bodies[1]?.['previous_response_id']).toBe(firstResponseId);
    expect(bodies[2]?.['previous_response_id']).toBeUndefined();
    expect(bodies[2]?.['input']).toHaveLength(4);
  });
});
