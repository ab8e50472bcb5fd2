import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeLlm, type FakeLlm } from './create-fake-llm.js';

// A script's next Messages API request is checked with the fake's frozen copies of what it repeats from the ones
// before, and the checks keep what they found for those copies. These tests hold a fake that saw a whole
// sequence of requests to a fresh fake for each one: the same refusal, the same violations, the same token count.

const messagesUrl = 'http://fake-llm.test/v1/messages';
const echoTool = {
  name: 'echo',
  input_schema: { type: 'object', properties: { round: { type: 'integer' } } },
};

type Message = { role: string; content: unknown };
type Block = Record<string, unknown>;

/** What a request of a sequence sends: its prompt, and the API version it asks for. */
interface Prompt {
  messages: Message[];
  system: string | Block[] | undefined;
  tools: Block[];
  version: '2023-06-01' | '2026-10-21';
}

interface Answer {
  status: number;
  error: unknown;
  /** The prompt's tokens, whatever share of them the prompt cache read or wrote (which depends on history). */
  promptTokens: number | undefined;
}

async function send(fake: FakeLlm, body: unknown, version = '2023-06-01'): Promise<Answer> {
  const response = await fake.handle(
    new Request(messagesUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': version },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  const json = (await response.json()) as {
    usage?: { input_tokens: number; cache_read_input_tokens?: number; cache_creation_input_tokens?: number };
    error?: unknown;
  };
  const { usage } = json;
  return {
    status: response.status,
    error: json.error,
    promptTokens:
      usage === undefined
        ? undefined
        : usage.input_tokens +
          (usage.cache_read_input_tokens ?? 0) +
          (usage.cache_creation_input_tokens ?? 0),
  };
}

/** What a fake made of a request: its answer, and the violations it found in it (its number left out). */
async function answerOf(fake: FakeLlm, prompt: Prompt) {
  const before = fake.violations.length;
  const answer = await send(fake, toBody(prompt), prompt.version);
  const violations = fake.violations
    .slice(before)
    .map(({ type, message }) => ({ type, message: message.replace(/, request \d+:/u, ', request:') }));
  return { ...answer, violations };
}

const toBody = ({ messages, system, tools }: Prompt) => ({
  model: 'claude-sonnet-4-6',
  max_tokens: 256,
  ...(system === undefined ? {} : { system }),
  tools,
  messages,
});

// Every prompt reaches the prompt cache's minimum, so its counts and comparisons are used too.
const createFake = (steps: number) =>
  createFakeLlm(
    Array.from({ length: steps }, (_step, index) => ({ text: `Answer ${index}.` })),
    { minCacheableTokens: 0 },
  );

function round(index: number, resultAsBlocks: boolean): Message[] {
  const id = `toolu_${index}`;
  const content = resultAsBlocks ? [{ type: 'text', text: `ok ${index}` }] : `ok ${index}`;
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id, name: 'echo', input: { round: index } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] },
  ];
}

const question: Message = { role: 'user', content: [{ type: 'text', text: 'Echo each round.' }] };

/** A change from one request to the next, at a position chosen by a number (taken modulo what there is). */
type Edit =
  | { type: 'add-round'; resultAsBlocks: boolean }
  | { type: 'drop-round' }
  | { type: 'start-over' }
  | { type: 'answer-another-call'; at: number }
  | { type: 'unknown-field'; at: number }
  | { type: 'image'; at: number; bytes: number }
  | { type: 'breakpoint'; at: number }
  | { type: 'edit-text'; at: number; text: string }
  | { type: 'content-form'; at: number }
  | { type: 'prepend-message' }
  | { type: 'system'; text: string; asList: boolean }
  | { type: 'tool-description'; text: string }
  | { type: 'version' };

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ type: fc.constant('add-round' as const), resultAsBlocks: fc.boolean() }),
  },
  fc.record({ type: fc.constant('drop-round' as const) }),
  fc.record({ type: fc.constant('start-over' as const) }),
  fc.record({ type: fc.constant('answer-another-call' as const), at: fc.nat() }),
  fc.record({ type: fc.constant('unknown-field' as const), at: fc.nat() }),
  fc.record({ type: fc.constant('image' as const), at: fc.nat(), bytes: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ type: fc.constant('breakpoint' as const), at: fc.nat() }),
  fc.record({
    type: fc.constant('edit-text' as const),
    at: fc.nat(),
    text: fc.string({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({ type: fc.constant('content-form' as const), at: fc.nat() }),
  fc.record({ type: fc.constant('prepend-message' as const) }),
  fc.record({
    type: fc.constant('system' as const),
    text: fc.string({ minLength: 1, maxLength: 8 }),
    asList: fc.boolean(),
  }),
  fc.record({ type: fc.constant('tool-description' as const), text: fc.string({ maxLength: 8 }) }),
  fc.record({ type: fc.constant('version' as const) }),
);

/** The next request's prompt: the last request's, changed. Nothing of the last request is changed. */
function applyEdit(prompt: Prompt, edit: Edit, rounds: number): Prompt {
  const next = structuredClone(prompt);
  const { messages } = next;
  const blocks = messages.flatMap((message) =>
    Array.isArray(message.content) ? (message.content as Block[]) : [],
  );
  const block = blocks.length === 0 ? undefined : blocks[('at' in edit ? edit.at : 0) % blocks.length];
  const message = messages[('at' in edit ? edit.at : 0) % messages.length];
  switch (edit.type) {
    case 'add-round':
      return { ...next, messages: [...messages, ...round(rounds, edit.resultAsBlocks)] };
    case 'drop-round':
      return { ...next, messages: messages.length > 2 ? messages.slice(0, -2) : messages };
    case 'start-over':
      // A conversation that fits the API again, after edits it refuses.
      return {
        ...next,
        messages: [question, ...Array.from({ length: rounds }, (_round, index) => round(index, true)).flat()],
      };
    case 'answer-another-call':
      // The same length: a change only a comparison of the values finds.
      if (block?.type === 'tool_result')
        block.tool_use_id = String(block.tool_use_id).split('').reverse().join('');
      return next;
    case 'unknown-field':
      if (block !== undefined) block.unexpected = true;
      return next;
    case 'image': {
      const userMessages = messages.filter(({ role }) => role === 'user');
      const user = userMessages[edit.at % userMessages.length];
      if (user !== undefined && Array.isArray(user.content)) {
        const data = Buffer.alloc(edit.bytes, edit.at % 251).toString('base64');
        (user.content as Block[]).push({
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
    case 'content-form':
      // A message's one text block sent as a string, or its string as one text block: the same to the API.
      if (message !== undefined && typeof message.content === 'string')
        message.content = [{ type: 'text', text: message.content }];
      else if (message !== undefined && Array.isArray(message.content) && message.content.length === 1) {
        const [only] = message.content as Block[];
        if (only?.type === 'text' && typeof only.text === 'string' && Object.keys(only).length === 2)
          message.content = only.text;
      }
      return next;
    case 'prepend-message':
      return { ...next, messages: [{ role: 'user', content: 'Before anything else.' }, ...messages] };
    case 'system':
      return {
        ...next,
        system: edit.asList
          ? [...(Array.isArray(next.system) ? next.system : []), { type: 'text', text: edit.text }]
          : edit.text,
      };
    case 'tool-description':
      return { ...next, tools: next.tools.map((tool) => ({ ...tool, description: edit.text })) };
    case 'version':
      return { ...next, version: next.version === '2023-06-01' ? '2026-10-21' : '2023-06-01' };
  }
}

describe('a Messages API request that repeats the one before', () => {
  it('is answered as a fresh fake answers it, whatever changed from one request to the next', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editArbitrary, { minLength: 1, maxLength: 14 }), async (edits) => {
        const fake = createFake(edits.length + 1);
        let prompt: Prompt = {
          messages: [question],
          system: undefined,
          tools: [echoTool],
          version: '2023-06-01',
        };
        expect(await answerOf(fake, prompt)).toEqual(await answerOf(createFake(1), prompt));
        for (const [index, edit] of edits.entries()) {
          prompt = applyEdit(prompt, edit, index);
          expect(await answerOf(fake, prompt)).toEqual(await answerOf(createFake(1), prompt));
        }
      }),
      { numRuns: 80 },
    );
  });

  it('is refused when an earlier message, accepted before, no longer fits the API', async () => {
    const fake = createFake(2);
    const messages = [question, ...round(0, true)];
    expect(
      (await send(fake, toBody({ messages, system: undefined, tools: [echoTool], version: '2023-06-01' })))
        .status,
    ).toBe(200);
    const changed = structuredClone(messages);
    (changed[1]?.content as Block[])[0] = {
      type: 'tool_use',
      id: 'toolu_0',
      name: 'echo',
      input: {},
      extra: 1,
    };
    const refused = await send(
      fake,
      toBody({
        messages: [...changed, ...round(1, true)],
        system: undefined,
        tools: [echoTool],
        version: '2023-06-01',
      }),
    );
    expect(refused).toMatchObject({
      status: 400,
      error: { message: 'messages.1.content.0.tool_use.extra: Extra inputs are not permitted' },
    });
  });

  it('is checked as sent, not as a record of the fake that its user changed', async () => {
    const fake = createFake(2);
    const body = { model: 'claude-sonnet-4-6', max_tokens: 256, messages: [question] };
    expect((await send(fake, body)).status).toBe(200);
    const recorded = fake.requests[0]?.body as { messages: Array<{ content: Block[] }> };
    // The record is the body as it came, the user's to change; the fake checked its own copy.
    expect(Object.isFrozen(recorded.messages[0])).toBe(false);
    const unknownBlock = { type: 'text', text: 'Echo each round.', extra: 1 };
    recorded.messages[0]?.content.splice(0, 1, unknownBlock);
    const refused = await send(fake, { ...body, messages: [{ role: 'user', content: [unknownBlock] }] });
    expect(refused).toMatchObject({
      status: 400,
      error: { message: 'messages.0.content.0.text.extra: Extra inputs are not permitted' },
    });
  });

  it('refuses a field named `__proto__` as the unknown field it is, sent once or repeated', async () => {
    const body =
      '{"model":"claude-sonnet-4-6","max_tokens":256,"messages":[{"role":"user","content":' +
      '[{"type":"text","text":"Hi.","__proto__":{"polluted":true}}]}]}';
    const fake = createFake(2);
    const first = await send(fake, body);
    expect(first).toMatchObject({
      status: 400,
      error: { message: 'messages.0.content.0.text.__proto__: Extra inputs are not permitted' },
    });
    expect(await send(fake, body)).toEqual(first);
  });

  it("answers a message of more blocks than a call takes arguments with the API's refusal, not a crash", async () => {
    const fake = createFake(1);
    const content = Array.from({ length: 200_000 }, () => ({ type: 'text', text: 'a' }));
    const answer = await send(fake, {
      model: 'claude-sonnet-4-6',
      max_tokens: 256,
      messages: [{ role: 'user', content }],
    });
    // Past the block listing, which comes first, to the rule the API would answer it by.
    expect(answer).toMatchObject({
      status: 400,
      error: { message: 'prompt is too long: 1350022 tokens > 1000000 maximum' },
    });
  });
});
