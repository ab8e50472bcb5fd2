import { runToolLoop } from '@toolloop/core';
import { createFakeLlm, type FakeLlm, type LlmStep } from '@toolloop/fake-llm';
import { anthropic } from '@toolloop/providers/anthropic';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deepArgumentsAnswer, deepArgumentsError, runWithDeepArguments } from './support/deep-arguments.js';
import { nestArrays, nestObjects } from './support/nested-json.js';

const baseURL = 'https://fake-llm.test';
const malformedStreams = path.resolve(import.meta.dirname, 'fixtures/malformed-streams');
let fake: FakeLlm | undefined;

function startFake(steps: LlmStep[]): FakeLlm {
  fake = createFakeLlm({
    name: 'faults through the Anthropic provider',
    steps,
    baseDirectory: malformedStreams,
  });
  fake.listen();
  return fake;
}

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const model = () => anthropic({ model: 'claude-haiku-4-5', apiKey: 'test-key', baseURL, maxRetries: 0 });

describe('runToolLoop through the Anthropic provider, against hostile model output', () => {
  it.each([
    ['arrays', nestArrays(5000)],
    ['objects', nestObjects(5000)],
  ])('answers tool arguments of %s nested 5,000 deep with an error result', async (_kind, rawInput) => {
    const llm = startFake([
      { toolCalls: [{ id: 'toolu_deep', name: 'get_weather', rawInput }] },
      { text: deepArgumentsAnswer },
    ]);
    const result = await runWithDeepArguments(model());
    const message = deepArgumentsError;
    expect(result.toolCalls).toMatchObject([{ toolCallId: 'toolu_deep' }]);
    // The model sees the error for that call; the call goes back with empty arguments.
    expect(llm.requests[1]?.body).toMatchObject({
      messages: [
        { role: 'user' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_deep', input: {} }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_deep', is_error: true, content: message }],
        },
      ],
    });
    expect(llm.violations).toEqual([]);
  });

  it.each([
    [
      'a stream of only message_stop',
      'anthropic-only-message-stop.sse',
      'The Anthropic stream sent message_stop before message_start',
    ],
    [
      'a delta for a block that never started',
      'anthropic-delta-before-block-start.sse',
      'The Anthropic stream for message msg_gap sent a content_block_delta for block 0, which never started',
    ],
  ])('ends the turn with model_error on %s, never completed and empty', async (_case, replay, problem) => {
    startFake([{ replay }]);
    const result = await runToolLoop({ model: model(), prompt: 'Hi', statusMessages: 'off' }).result;
    expect(result).toMatchObject({ stopReason: 'model_error', text: '' });
    expect(result.error).toMatchObject({
      name: 'ModelError',
      retryable: true,
      errorType: 'invalid_stream',
      message: `${problem}: events are missing from the response. Try the request again.`,
    });
  });
});
