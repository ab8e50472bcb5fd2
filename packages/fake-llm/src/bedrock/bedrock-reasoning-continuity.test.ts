import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestHeaders } from '../../test/create-request-headers.js';
import { createFakeLlm } from '../create-fake-llm.js';

const modelId = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const path = `/model/${encodeURIComponent(modelId)}/converse`;
const question = { role: 'user', content: [{ text: 'What is 12 + 7?' }] };
const calculator = {
  toolSpec: {
    name: 'calculator',
    inputSchema: { json: { type: 'object', properties: { a: { type: 'number' } } } },
  },
};
const toolUse = { toolUse: { toolUseId: 'tooluse_1', name: 'calculator', input: { a: 12 } } };
const toolResult = { toolResult: { toolUseId: 'tooluse_1', content: [{ text: '19' }] } };

describe('reasoning continuity on a Claude model with thinking on', () => {
  const fake = createFakeLlm();
  let baseUrl: string;
  const thinking = { thinking: { type: 'enabled', budget_tokens: 1024 } };
  beforeAll(async () => {
    baseUrl = (await fake.serve()).url;
  });
  afterAll(() => fake.close());

  /** Posts a Converse request to the script `id`, returning the status, the exception and the JSON body. */
  async function post(id: string, messages: unknown[]) {
    const response = await fetch(`${baseUrl}/script/${id}${path}`, {
      method: 'POST',
      headers: createRequestHeaders({ path }),
      body: JSON.stringify({
        messages,
        toolConfig: { tools: [calculator] },
        additionalModelRequestFields: thinking,
      }),
    });
    return {
      status: response.status,
      exception: response.headers.get('x-amzn-errortype')?.split(':')[0],
      body: (await response.json()) as Record<string, unknown>,
    };
  }

  /** A script that thinks and calls the calculator, then answers; and its first answer's content blocks. */
  async function startRound(id: string) {
    const route = fake.script(id, {
      steps: [
        { thinking: 'Add them.', toolCalls: [{ name: 'calculator', input: { a: 12 } }] },
        { text: '19.' },
      ],
    });
    const first = await post(id, [question]);
    const output = first.body.output as { message: { content: Record<string, Record<string, unknown>>[] } };
    const [reasoning, call] = output.message.content;
    const toolUseId = call?.toolUse?.toolUseId;
    const result = { role: 'user', content: [{ toolResult: { toolUseId, content: [{ text: '19' }] } }] };
    return { route, reasoning: reasoning ?? {}, call: call ?? {}, result };
  }

  it('answers the tool results when the reasoning comes back first, unchanged', async () => {
    const { route, reasoning, call, result } = await startRound('kept');
    const second = await post('kept', [question, { role: 'assistant', content: [reasoning, call] }, result]);
    expect(second.status).toBe(200);
    expect(route.violations).toEqual([]);
  });

  it('refuses the tool results when the reasoning was left out (bedrock/reasoning-continuity)', async () => {
    const { route, call, result } = await startRound('dropped');
    const second = await post('dropped', [question, { role: 'assistant', content: [call] }, result]);
    expect([second.status, second.exception, second.body.message]).toEqual([
      400,
      'ValidationException',
      'The model returned the following errors: messages.1.content.0.type: Expected `thinking` or ' +
        '`redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must ' +
        'start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We ' +
        'recommend you include thinking blocks from previous turns. To avoid this requirement, disable ' +
        '`thinking`. Please consult our documentation at ' +
        'https://docs.claude.com/en/docs/build-with-claude/extended-thinking',
    ]);
    expect(route.violations[0]?.message).toContain('bedrock/reasoning-continuity');
  });

  it('refuses reasoning whose text was changed (bedrock/thinking-signature)', async () => {
    const { reasoning, call, result } = await startRound('text-changed');
    const changed = structuredClone(reasoning);
    const text = (changed.reasoningContent?.reasoningText ?? {}) as Record<string, unknown>;
    text.text = 'Multiply them.';
    const second = await post('text-changed', [
      question,
      { role: 'assistant', content: [changed, call] },
      result,
    ]);
    expect([second.status, second.body.message]).toEqual([
      400,
      'messages.1.content.0: Invalid signature in thinking block',
    ]);
  });

  it('refuses reasoning whose signature was changed (bedrock/thinking-signature)', async () => {
    const { reasoning, call, result } = await startRound('signature-changed');
    const changed = structuredClone(reasoning);
    const text = (changed.reasoningContent?.reasoningText ?? {}) as Record<string, unknown>;
    text.signature = Buffer.from('toolloop-fake-llm:tampered', 'utf8').toString('base64');
    const second = await post('signature-changed', [
      question,
      { role: 'assistant', content: [changed, call] },
      result,
    ]);
    expect([second.status, second.body.message]).toEqual([
      400,
      'messages.1.content.0: Invalid signature in thinking block',
    ]);
  });

  it('takes the tool results of an answer that had no reasoning (a step without thinking)', async () => {
    const route = fake.script('no-thinking-step', {
      steps: [
        { toolCalls: [{ id: 'tooluse_plain', name: 'calculator', input: { a: 12 } }] },
        { text: '19.' },
      ],
    });
    await post('no-thinking-step', [question]);
    const call = { toolUse: { toolUseId: 'tooluse_plain', name: 'calculator', input: { a: 12 } } };
    const result = { toolResult: { toolUseId: 'tooluse_plain', content: [{ text: '19' }] } };
    const second = await post('no-thinking-step', [
      question,
      { role: 'assistant', content: [call] },
      { role: 'user', content: [result] },
    ]);
    expect(second.status).toBe(200);
    expect(route.violations).toEqual([]);
  });

  it('refuses redacted reasoning left out of the tool turn (bedrock/reasoning-unmodified)', async () => {
    fake.script('redacted', {
      steps: [
        {
          thinking: 'Add.',
          redactedThinking: 'opaque',
          toolCalls: [{ id: 'tooluse_r', name: 'calculator', input: { a: 1 } }],
        },
        { text: '1.' },
      ],
    });
    const first = await post('redacted', [question]);
    const [reasoning, redacted, call] = (first.body.output as { message: { content: unknown[] } }).message
      .content;
    const result = {
      role: 'user',
      content: [{ toolResult: { toolUseId: 'tooluse_r', content: [{ text: '1' }] } }],
    };
    const dropped = await post('redacted', [
      question,
      { role: 'assistant', content: [reasoning, call] },
      result,
    ]);
    expect([dropped.status, dropped.body.message]).toEqual([
      400,
      'messages.1.content.1: thinking or redacted_thinking blocks in the latest assistant message cannot be ' +
        'modified. These blocks must remain as they were in the original response.',
    ]);
    const kept = await post('redacted', [
      question,
      { role: 'assistant', content: [reasoning, redacted, call] },
      result,
    ]);
    expect(kept.status).toBe(200);
  });

  it('takes a tool turn without reasoning when thinking is off', async () => {
    const route = fake.script('thinking-off', { steps: [{ text: '19.' }] });
    const response = await fetch(`${baseUrl}/script/thinking-off${path}`, {
      method: 'POST',
      headers: createRequestHeaders({ path }),
      body: JSON.stringify({
        messages: [
          question,
          { role: 'assistant', content: [toolUse] },
          { role: 'user', content: [toolResult] },
        ],
        toolConfig: { tools: [calculator] },
      }),
    });
    expect(response.status).toBe(200);
    expect(route.violations).toEqual([]);
  });
});

describe('relaxing a Bedrock rule', () => {
  it('lets a tool turn without its reasoning through when bedrock/reasoning-continuity is relaxed', async () => {
    const relaxed = createFakeLlm(
      {
        steps: [
          { thinking: 'Add.', toolCalls: [{ id: 'tooluse_x', name: 'calculator', input: { a: 1 } }] },
          { text: '1.' },
        ],
      },
      { strictness: { relax: ['bedrock/reasoning-continuity'] } },
    );
    try {
      const { url } = await relaxed.serve();
      const send = (messages: unknown[]) =>
        fetch(`${url}${path}`, {
          method: 'POST',
          headers: createRequestHeaders({ path }),
          body: JSON.stringify({
            messages,
            toolConfig: { tools: [calculator] },
            additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 1024 } },
          }),
        });
      await send([question]);
      const call = { toolUse: { toolUseId: 'tooluse_x', name: 'calculator', input: { a: 1 } } };
      const result = { toolResult: { toolUseId: 'tooluse_x', content: [{ text: '1' }] } };
      const second = await send([
        question,
        { role: 'assistant', content: [call] },
        { role: 'user', content: [result] },
      ]);
      expect([second.status, relaxed.violations]).toEqual([200, []]);
    } finally {
      await relaxed.close();
    }
  });
});
