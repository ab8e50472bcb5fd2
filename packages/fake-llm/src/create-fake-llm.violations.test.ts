import { describe, expect, it } from 'vitest';
import { createMessagesBody } from '../test/post-messages.js';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

interface AnswerBlock {
  type: string;
  [field: string]: unknown;
}

/** Sends one non-streaming request to the fake (no server needed) and returns the answer's content. */
async function ask(fake: FakeLlm, body: Record<string, unknown>): Promise<AnswerBlock[]> {
  const response = await fake.handle(
    new Request('http://fake-llm.test/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(body),
    }),
  );
  const message = (await response.json()) as { content: AnswerBlock[] };
  return message.content;
}

const question = { role: 'user', content: 'Weather in Paris?' };
/** The tool the history's tool_use blocks call: the Messages API refuses tool blocks without tool definitions. */
const weatherTool = { name: 'get_weather', input_schema: { type: 'object' } };

/** Runs the first round of a thinking + tool call script and returns the assistant content it answered with. */
async function firstRound(fake: FakeLlm): Promise<AnswerBlock[]> {
  return ask(fake, createMessagesBody({ messages: [question] }));
}

function createThinkingFake(): FakeLlm {
  return createFakeLlm({
    name: 'thinking echo',
    steps: [
      {
        thinking: 'I should look up the weather.',
        redactedThinking: 'opaque-redacted-data',
        toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }],
      },
      { text: 'Sunny.' },
    ],
  });
}

function toolResultFor(content: AnswerBlock[]): { role: string; content: AnswerBlock[] } {
  const toolUse = content.find((block) => block.type === 'tool_use');
  return {
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: toolUse?.id, content: '18°C, sunny' }],
  };
}

describe('thinking echo', () => {
  it('finds nothing wrong when the blocks come back unchanged', async () => {
    const fake = createThinkingFake();
    const content = await firstRound(fake);
    await ask(
      fake,
      createMessagesBody({
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content }, toolResultFor(content)],
      }),
    );
    expect(fake.violations).toEqual([]);
  });

  it('reports a thinking text changed by one character', async () => {
    const fake = createThinkingFake();
    const content = await firstRound(fake);
    const changed = content.map((block) =>
      block.type === 'thinking' ? { ...block, thinking: 'I should look up the weather!' } : block,
    );
    await ask(
      fake,
      createMessagesBody({
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content: changed }, toolResultFor(content)],
      }),
    );
    expect(fake.violations).toEqual([
      {
        type: 'thinking-changed',
        scriptId: 'default',
        requestIndex: 1,
        message: expect.stringMatching(
          /^Fake LLM script 'thinking echo', request 2: messages\[1\] echoes answer msg_fake_default_1 but its reasoning blocks differ/u,
        ) as string,
      },
    ]);
  });

  it('reports a changed signature', async () => {
    const fake = createThinkingFake();
    const content = await firstRound(fake);
    const changed = content.map((block) =>
      block.type === 'thinking' ? { ...block, signature: `${String(block.signature)}x` } : block,
    );
    await ask(
      fake,
      createMessagesBody({
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content: changed }, toolResultFor(content)],
      }),
    );
    expect(fake.violations.map((violation) => violation.type)).toEqual(['thinking-changed']);
  });

  it('reports dropped thinking blocks', async () => {
    const fake = createThinkingFake();
    const content = await firstRound(fake);
    const withoutThinking = content.filter((block) => block.type === 'tool_use');
    await ask(
      fake,
      createMessagesBody({
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content: withoutThinking }, toolResultFor(content)],
      }),
    );
    expect(fake.violations.map((violation) => violation.type)).toEqual(['thinking-changed']);
    expect(fake.violations[0]?.message).toContain('received none');
  });

  it('reports reasoning blocks that are not first in the message', async () => {
    const fake = createThinkingFake();
    const content = await firstRound(fake);
    const reordered = [...content.filter((block) => block.type === 'tool_use'), ...content.slice(0, 2)];
    await ask(
      fake,
      createMessagesBody({
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content: reordered }, toolResultFor(content)],
      }),
    );
    expect(fake.violations[0]?.message).toContain('(not first in the message)');
  });
});

describe('thinking signatures outside an echoed answer', () => {
  it('reports a thinking block signed by the fake whose text changed, and a changed fake signature', async () => {
    const fake = createThinkingFake();
    const content = await firstRound(fake);
    const thinking = content.find((block) => block.type === 'thinking');
    const signature = String(thinking?.signature);
    const tampered = `${signature.slice(0, -4)}QUJD`;
    await ask(
      fake,
      createMessagesBody({
        tools: [weatherTool],
        messages: [
          question,
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'Rewritten.', signature },
              { type: 'text', text: 'a' },
            ],
          },
          { role: 'user', content: 'Next?' },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'x', signature: tampered },
              { type: 'text', text: 'b' },
            ],
          },
          { role: 'user', content: 'Next?' },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'x', signature: 'c2VlZGVk' },
              { type: 'text', text: 'c' },
            ],
          },
          { role: 'user', content: 'Last?' },
        ],
      }),
    );
    expect(fake.violations.map((violation) => violation.message.replace(/^.*?request 2: /u, ''))).toEqual([
      'messages[1] has a thinking block signed by this fake whose text differs from what was sent: sent "I should look up the weather.", received "Rewritten.".',
      'messages[3] has a thinking block whose signature this fake never sent (changed?).',
    ]);
  });
});

describe('thinking signed by another fake', () => {
  it('accepts a block another fake signed for its text: a recording of a served fake, replayed by a new one', async () => {
    const recorded = await firstRound(createThinkingFake());
    const replaying = createThinkingFake();
    await ask(
      replaying,
      createMessagesBody({
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content: recorded }, toolResultFor(recorded)],
      }),
    );
    expect(replaying.violations).toEqual([]);
  });

  it('still reports such a block whose text was changed: the signature does not sign it', async () => {
    const recorded = await firstRound(createThinkingFake());
    const replaying = createThinkingFake();
    const changed = recorded.map((block) =>
      block.type === 'thinking' ? { ...block, thinking: 'I should make the weather up.' } : block,
    );
    await ask(
      replaying,
      createMessagesBody({
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content: changed }, toolResultFor(changed)],
      }),
    );
    expect(
      replaying.violations.map((violation) => violation.message.replace(/^.*?request 1: /u, '')),
    ).toEqual(['messages[1] has a thinking block whose signature this fake never sent (changed?).']);
  });
});

describe('tool results', () => {
  it('reports a tool_use with no tool_result in the next user message', async () => {
    const fake = createThinkingFake();
    const content = await firstRound(fake);
    await ask(
      fake,
      createMessagesBody({
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content }, { role: 'user', content: 'And tomorrow?' }],
      }),
    );
    expect(fake.violations).toEqual([
      {
        type: 'missing-tool-result',
        scriptId: 'default',
        requestIndex: 1,
        message:
          "Fake LLM script 'thinking echo', request 2: messages[1] has a tool_use 'toolu_fake_default_1_1' with no tool_result in the next user message (messages[2]).",
      },
    ]);
  });

  it('reports a tool_result that answers no tool_use', async () => {
    const fake = createFakeLlm([{ text: 'Hi.' }]);
    await ask(
      fake,
      createMessagesBody({
        tools: [weatherTool],
        messages: [
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_nope', content: 'x' }] },
        ],
      }),
    );
    expect(fake.violations.map((violation) => violation.type)).toEqual(['unexpected-tool-result']);
  });
});

describe('expectTools', () => {
  const tools = [
    { name: 'search', input_schema: { type: 'object' } },
    { name: 'read_file', input_schema: { type: 'object' } },
  ];

  it('reports tools offered where the step expects none', async () => {
    const fake = createFakeLlm({
      name: 'last round',
      steps: [{ text: 'Final answer.', expectTools: false }],
    });
    await ask(fake, createMessagesBody({ tools }));
    expect(fake.violations).toEqual([
      {
        type: 'unexpected-tools',
        scriptId: 'default',
        requestIndex: 0,
        message:
          "Fake LLM script 'last round', request 1: The step expects no tools, but the request offered search, read_file.",
      },
    ]);
  });

  it('accepts exactly the listed tools in any order, and reports any other set', async () => {
    const fake = createFakeLlm([
      { text: 'a', expectTools: ['read_file', 'search'] },
      { text: 'b', expectTools: ['search'] },
      { text: 'c', expectTools: true },
    ]);
    await ask(fake, createMessagesBody({ tools }));
    await ask(fake, createMessagesBody({ tools }));
    await ask(fake, createMessagesBody());
    expect(fake.violations.map((violation) => [violation.requestIndex, violation.type])).toEqual([
      [1, 'unexpected-tools'],
      [2, 'unexpected-tools'],
    ]);
  });
});
