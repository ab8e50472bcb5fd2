import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

// A script's next Messages API request is checked with the fake's frozen copies of what it repeats from the one
// before, and the checks keep what they found for those copies. These tests hold a fake that saw a whole
// sequence of requests to a fresh fake for each one: the same refusal, the same violations, the same token count.

const messagesUrl = 'http://fake-llm.test/v1/messages';
const echoTool = {
  name: 'echo',
  input_schema: { type: 'object', properties: { round: { type: 'integer' } } },
};

type Message = { role: string; content: unknown };
type Block = Record<string, unknown>;

async function send(fake: FakeLlm, body: unknown) {
  const response = await fake.handle(
    new Request(messagesUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  const json = (await response.json()) as { usage?: { input_tokens: number }; error?: unknown };
  return { status: response.status, error: json.error, inputTokens: json.usage?.input_tokens };
}

/** What a fake made of its last request: its answer, and the violations it found in it (its number left out). */
async function answerOf(fake: FakeLlm, body: unknown) {
  const before = fake.violations.length;
  const answer = await send(fake, body);
  const violations = fake.violations
    .slice(before)
    .map(({ type, message }) => ({ type, message: message.replace(/, request \d+:/u, ', request:') }));
  return { ...answer, violations };
}

const request = (messages: readonly Message[]) => ({
  model: 'claude-sonnet-4-6',
  max_tokens: 256,
  tools: [echoTool],
  messages,
});

function round(index: number, resultAsBlocks: boolean): Message[] {
  const id = `toolu_${index}`;
  const content = resultAsBlocks ? [{ type: 'text', text: `ok ${index}` }] : `ok ${index}`;
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id, name: 'echo', input: { round: index } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] },
  ];
}

/** A change from one request to the next, at a position chosen by a number (taken modulo what there is). */
type Edit =
  | { type: 'add-round'; resultAsBlocks: boolean }
  | { type: 'drop-round' }
  | { type: 'answer-another-call'; at: number }
  | { type: 'unknown-field'; at: number }
  | { type: 'image'; at: number; bytes: number }
  | { type: 'breakpoint'; at: number }
  | { type: 'edit-text'; at: number; text: string };

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ type: fc.constant('add-round' as const), resultAsBlocks: fc.boolean() }),
  },
  fc.record({ type: fc.constant('drop-round' as const) }),
  fc.record({ type: fc.constant('answer-another-call' as const), at: fc.nat() }),
  fc.record({ type: fc.constant('unknown-field' as const), at: fc.nat() }),
  fc.record({ type: fc.constant('image' as const), at: fc.nat(), bytes: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ type: fc.constant('breakpoint' as const), at: fc.nat() }),
  fc.record({
    type: fc.constant('edit-text' as const),
    at: fc.nat(),
    text: fc.string({ minLength: 1, maxLength: 8 }),
  }),
);

/** The messages of the next request: the last request's, changed. Nothing of the last request is changed. */
function applyEdit(messages: readonly Message[], edit: Edit, rounds: number): Message[] {
  const next = structuredClone(messages) as Message[];
  const blocks = next.flatMap((message) =>
    Array.isArray(message.content) ? (message.content as Block[]) : [],
  );
  const block = blocks.length === 0 ? undefined : blocks[('at' in edit ? edit.at : 0) % blocks.length];
  switch (edit.type) {
    case 'add-round':
      return [...next, ...round(rounds, edit.resultAsBlocks)];
    case 'drop-round':
      return next.length > 2 ? next.slice(0, -2) : next;
    case 'answer-another-call':
      // The same length: a change only a comparison of the values finds.
      if (block?.type === 'tool_result')
        block.tool_use_id = String(block.tool_use_id).split('').reverse().join('');
      return next;
    case 'unknown-field':
      if (block !== undefined) block.unexpected = true;
      return next;
    case 'image': {
      const userMessages = next.filter((message) => message.role === 'user');
      const message = userMessages[edit.at % userMessages.length];
      if (message !== undefined && Array.isArray(message.content)) {
        const data = Buffer.alloc(edit.bytes, edit.at % 251).toString('base64');
        (message.content as Block[]).push({
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data },
        });
      }
      return next;
    }
    case 'breakpoint':
      if (block !== undefined) block.cache_control = { type: 'ephemeral' };
      return next;
    case 'edit-text': {
      // Text of the length it had, when it was text: a change only a comparison of the values finds.
      const sameLength = (text: unknown) =>
        typeof text === 'string' ? edit.text.padEnd(text.length, '.').slice(0, text.length) : edit.text;
      if (block?.type === 'tool_result') block.content = sameLength(block.content);
      else if (block?.type === 'text') block.text = sameLength(block.text);
      return next;
    }
  }
}

describe('a Messages API request that repeats the one before', () => {
  it('is answered as a fresh fake answers it, whatever changed from one request to the next', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editArbitrary, { minLength: 1, maxLength: 12 }), async (edits) => {
        const fake = createFakeLlm(
          edits.map((_edit, index) => ({ text: `Answer ${index}.` })).concat([{ text: '.' }]),
        );
        let messages: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Echo each round.' }] }];
        expect(await answerOf(fake, request(messages))).toEqual(
          await answerOf(createFakeLlm([{ text: 'Answer.' }]), request(messages)),
        );
        for (const [index, edit] of edits.entries()) {
          messages = applyEdit(messages, edit, index);
          const body = request(messages);
          const fresh = createFakeLlm([{ text: 'Answer.' }]);
          expect(await answerOf(fake, body)).toEqual(await answerOf(fresh, body));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is refused when an earlier message, accepted before, no longer fits the API', async () => {
    const fake = createFakeLlm([{ text: 'One.' }, { text: 'Two.' }]);
    const messages = [{ role: 'user', content: [{ type: 'text', text: 'Echo.' }] }, ...round(0, true)];
    expect((await send(fake, request(messages))).status).toBe(200);
    const changed = structuredClone(messages);
    (changed[1]?.content as Block[])[0] = {
      type: 'tool_use',
      id: 'toolu_0',
      name: 'echo',
      input: {},
      extra: 1,
    };
    const refused = await send(fake, request([...changed, ...round(1, true)]));
    expect(refused).toMatchObject({
      status: 400,
      error: { message: 'messages.1.content.0.tool_use.extra: Extra inputs are not permitted' },
    });
  });

  it('is checked as sent, not as a record of the fake that its user changed', async () => {
    const fake = createFakeLlm([{ text: 'One.' }, { text: 'Two.' }]);
    const messages = [{ role: 'user', content: [{ type: 'text', text: 'Echo.' }] }];
    expect((await send(fake, request(messages))).status).toBe(200);
    const recorded = fake.requests[0]?.body as { messages: Array<{ content: Block[] }> };
    // The record is the body as it came, the user's to change; the fake checked its own copy.
    expect(Object.isFrozen(recorded.messages[0])).toBe(false);
    const unknownBlock = { type: 'text', text: 'Echo.', extra: 1 };
    recorded.messages[0]?.content.splice(0, 1, unknownBlock);
    const refused = await send(fake, request([{ role: 'user', content: [unknownBlock] }]));
    expect(refused).toMatchObject({
      status: 400,
      error: { message: 'messages.0.content.0.text.extra: Extra inputs are not permitted' },
    });
  });

  it('refuses a field named `__proto__` as the unknown field it is, sent once or repeated', async () => {
    const body =
      '{"model":"claude-sonnet-4-6","max_tokens":256,"messages":[{"role":"user","content":' +
      '[{"type":"text","text":"Hi.","__proto__":{"polluted":true}}]}]}';
    const fake = createFakeLlm([{ text: 'One.' }, { text: 'Two.' }]);
    const first = await send(fake, body);
    expect(first).toMatchObject({
      status: 400,
      error: { message: 'messages.0.content.0.text.__proto__: Extra inputs are not permitted' },
    });
    expect(await send(fake, body)).toEqual(first);
  });
});
