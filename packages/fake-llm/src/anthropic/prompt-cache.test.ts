import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listPromptBlocks, type PromptBlock } from './list-prompt-blocks.js';
import { createPromptCache, type PromptCache, type PromptCacheUse } from './prompt-cache.js';
import { createPromptCopies, type PromptCopies } from './prompt-copies.js';
import { referenceCanonicalJson } from '../../test/reference-canonical-json.js';

/** A request's prompt as the fake reads it: parsed from its JSON text, as a request body is. */
function promptTokensOf(json: string, minTokens: number): number {
  const fields = JSON.parse(json) as { tools?: unknown; messages: unknown[] };
  return createPromptCache().use({
    model: 'claude-sonnet-4-6',
    settings: { toolChoice: undefined, thinking: undefined },
    blocks: listPromptBlocks(fields),
    minTokens,
  }).promptTokens;
}

describe('createPromptCache', () => {
  const tool = (property: string, marked: boolean) =>
    `{"tools":[{"name":"lookup","input_schema":{"type":"object","properties":{"${property}":{"type":"string","description":"${'x'.repeat(400)}"}}}${marked ? ',"cache_control":{"type":"ephemeral"}' : ''}}],"messages":[{"role":"user","content":"Hi"}]}`;

  it('counts a field named __proto__ as any other field of its length, with a breakpoint or without', () => {
    for (const minTokens of [0, 1_000_000]) {
      const plain = promptTokensOf(tool('__prota__', false), minTokens);

      expect(promptTokensOf(tool('__proto__', false), minTokens)).toBe(plain);
      expect(promptTokensOf(tool('__proto__', true), minTokens)).toBe(plain);
      expect(promptTokensOf(tool('__prota__', true), minTokens)).toBe(plain);
    }
  });
});

/**
 * The prompt cache as it was before it kept anything of the last request: every block of every request that
 * reaches `minTokens` gets its canonical JSON and a hash. The incremental cache must answer every request as it
 * does.
 */
function createReferencePromptCache(): PromptCache {
  const lookbackBlocks = 20;
  const entries = new Set<string>();
  return {
    use({ model, settings, blocks, minTokens }) {
      const tokens: number[] = [];
      let characters = 0;
      for (const block of blocks) {
        characters += referenceCanonicalJsonLength(block.block);
        tokens.push(Math.ceil(characters / 4));
      }
      const breakpoints = blocks.flatMap((block, index) => (block.cacheControls.length > 0 ? [index] : []));
      const last = breakpoints.at(-1);
      const prefixTokens = last === undefined ? 0 : (tokens[last] ?? 0);
      const promptTokens = tokens.at(-1) ?? 0;
      if (last === undefined || prefixTokens < minTokens)
        return { readTokens: 0, writeTokens: 0, prefixTokens, promptTokens };
      const keys: string[] = [];
      let key = referenceHash(`model ${model}`);
      let settingsFolded = false;
      for (const block of blocks) {
        if (!settingsFolded && block.location.startsWith('messages.')) {
          key = referenceHash(`${key} settings ${referenceCanonicalJson(settings)}`);
          settingsFolded = true;
        }
        key = referenceHash(`${key} ${block.label} ${referenceCanonicalJson(block.block)}`);
        keys.push(key);
      }
      let readTokens = 0;
      for (const breakpoint of breakpoints) {
        for (let index = breakpoint; index >= 0 && index > breakpoint - lookbackBlocks; index -= 1) {
          if (entries.has(keys[index] ?? '')) {
            readTokens = Math.max(readTokens, tokens[index] ?? 0);
            break;
          }
        }
      }
      for (const breakpoint of breakpoints) {
        if ((tokens[breakpoint] ?? 0) >= minTokens) entries.add(keys[breakpoint] ?? '');
      }
      return { readTokens, writeTokens: prefixTokens - readTokens, prefixTokens, promptTokens };
    },
  };
}

function referenceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function referenceCanonicalJsonLength(value: unknown): number {
  const json = JSON.stringify(value);
  return json.includes('"cache_control":') ? referenceCanonicalJson(value).length : json.length;
}

type UseOptions = Parameters<PromptCache['use']>[0];
type JsonObject = Record<string, unknown>;

/** What a request carries that the prompt cache reads, before its breakpoints are placed. */
interface Conversation {
  model: string;
  toolChoice: unknown;
  thinking: unknown;
  tools: JsonObject[];
  system: string | JsonObject[] | undefined;
  messages: Array<{ role: string; content: string | JsonObject[] }>;
}

/** Where a request puts its breakpoints: toolloop's (tools and the last block), and others clients use. */
const breakpointPlacements = [
  'none',
  'last block',
  'tools and last block',
  'system and last block',
  'last two user messages',
  'inside a tool result',
  'anywhere',
] as const;
type BreakpointPlacement = (typeof breakpointPlacements)[number];

const ephemeral = { type: 'ephemeral' };

/** A seeded pseudo-random source (mulberry32), so that a failing sequence can be replayed from its seed. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  const below = (count: number) => Math.floor(next() * count);
  return {
    below,
    chance: (probability: number) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('Nothing to pick from.');
      return items[below(items.length)] as T;
    },
    text(maxLength: number): string {
      const words = [
        'cache',
        'prompt',
        'tool',
        'result',
        'Paris',
        'weather',
        '"quoted"',
        'naïve',
        '\n',
        '{x}',
      ];
      let text = '';
      const length = 1 + below(maxLength);
      while (text.length < length) text += `${words[below(words.length)] ?? ''} `;
      return text.slice(0, length);
    },
  };
}
type Random = ReturnType<typeof createRandom>;

function createTool(random: Random, name: string): JsonObject {
  return {
    name,
    description: random.text(300),
    input_schema: { type: 'object', properties: { query: { type: 'string' } } },
  };
}

function createConversation(random: Random): Conversation {
  return {
    model: random.pick(['claude-sonnet-4-6', 'claude-haiku-4-5']),
    toolChoice: undefined,
    thinking: undefined,
    tools: [createTool(random, 'search')],
    system: random.chance(0.5) ? random.text(400) : undefined,
    messages: [{ role: 'user', content: [{ type: 'text', text: random.text(400) }] }],
  };
}

/** The content blocks of the conversation's messages, wherever they are (string content has none to change). */
function listContentBlocks(conversation: Conversation): JsonObject[] {
  return conversation.messages.flatMap((message) => (Array.isArray(message.content) ? message.content : []));
}

/** Changes one character of a text: the same length, so only a changed key can tell the text changed. */
function changeOneCharacter(text: string, random: Random): string {
  if (text.length === 0) return 'x';
  const at = random.below(text.length);
  return `${text.slice(0, at)}${text[at] === 'x' ? 'y' : 'x'}${text.slice(at + 1)}`;
}

/** What happens to a conversation between two of its requests, by name. */
const edits: Record<string, (conversation: Conversation, random: Random) => void> = {
  'tool round'(conversation, random) {
    const id = `toolu_${random.below(1_000_000)}`;
    const result = random.chance(0.3) ? [{ type: 'text', text: random.text(200) }] : random.text(200);
    conversation.messages.push(
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id, name: 'search', input: { query: random.text(40) } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: result }] },
    );
  },
  'text turn'(conversation, random) {
    conversation.messages.push(
      {
        role: 'assistant',
        content: random.chance(0.3) ? random.text(200) : [{ type: 'text', text: random.text(200) }],
      },
      { role: 'user', content: [{ type: 'text', text: random.text(200) }] },
    );
  },
  'earlier text changed'(conversation, random) {
    const texts = listContentBlocks(conversation).filter((block) => typeof block.text === 'string');
    if (texts.length === 0) return;
    const block = random.pick(texts);
    block.text = changeOneCharacter(String(block.text), random);
  },
  'tool result cleared'(conversation, random) {
    const results = listContentBlocks(conversation).filter((block) => block.type === 'tool_result');
    if (results.length === 0) return;
    const block = random.pick(results);
    const length = JSON.stringify(block.content).length;
    block.content = random.chance(0.5) ? 'x'.repeat(Math.max(0, length - 2)) : '[cleared]';
  },
  'transcript summarized'(conversation, random) {
    const kept = random.chance(0.5) ? conversation.messages.slice(-2) : [];
    conversation.messages = [{ role: 'user', content: [{ type: 'text', text: random.text(400) }] }, ...kept];
  },
  'last messages dropped'(conversation, random) {
    const dropped = 1 + random.below(3);
    conversation.messages = conversation.messages.slice(
      0,
      Math.max(1, conversation.messages.length - dropped),
    );
  },
  'middle messages dropped'(conversation, random) {
    if (conversation.messages.length < 4) return;
    const start = 1 + random.below(conversation.messages.length - 3);
    conversation.messages.splice(start, 2);
  },
  'tools changed'(conversation, random) {
    const change = random.below(3);
    if (change === 0) conversation.tools.push(createTool(random, `tool_${random.below(100)}`));
    else if (change === 1) conversation.tools.pop();
    else if (conversation.tools.length > 0) random.pick(conversation.tools).description = random.text(300);
  },
  'system changed'(conversation, random) {
    conversation.system = random.pick([
      undefined,
      random.text(400),
      [{ type: 'text', text: random.text(400) }],
      [
        { type: 'text', text: random.text(100) },
        { type: 'text', text: random.text(300) },
      ],
    ]);
  },
  'model changed'(conversation) {
    conversation.model =
      conversation.model === 'claude-sonnet-4-6' ? 'claude-haiku-4-5' : 'claude-sonnet-4-6';
  },
  'tool_choice changed'(conversation, random) {
    conversation.toolChoice = random.pick([undefined, { type: 'auto' }, { type: 'any' }]);
  },
  'thinking changed'(conversation, random) {
    conversation.thinking = random.pick([undefined, { type: 'enabled', budget_tokens: 1024 }]);
  },
  'fields reordered'(conversation, random) {
    const contents = conversation.messages.flatMap((message) =>
      Array.isArray(message.content) && message.content.length > 0 ? [message.content] : [],
    );
    if (contents.length === 0) return;
    const content = random.pick(contents);
    const index = random.below(content.length);
    content[index] = Object.fromEntries(Object.entries(content[index] ?? {}).reverse());
  },
  'cache_control that is no breakpoint'(conversation, random) {
    // A null one, or one inside a tool's input: left out of the canonical JSON all the same.
    const blocks = listContentBlocks(conversation);
    if (blocks.length === 0) return;
    const block = random.pick(blocks);
    if (block.type === 'tool_use')
      block.input = { cache_control: { type: 'ephemeral' }, query: random.text(20) };
    else block.cache_control = null;
  },
  'role changed'(conversation, random) {
    const message = random.pick(conversation.messages);
    message.role = message.role === 'user' ? 'assistant' : 'user';
  },
  'nothing changed'() {},
};
/** The edits, a tool round as often as all the others: long runs of rounds, as a tool loop's. */
const editNames = Object.keys(edits).flatMap((name) =>
  name === 'tool round' ? Array.from({ length: Object.keys(edits).length }, () => name) : [name],
);

/** Marks the blocks of a request (a copy of the conversation's) where `placement` puts its breakpoints. */
function placeBreakpoints(body: Conversation, placement: BreakpointPlacement, random: Random): void {
  const mark = (block: JsonObject | undefined) => {
    if (block !== undefined) block.cache_control = ephemeral;
  };
  const lastBlocks = body.messages.map((message) =>
    Array.isArray(message.content) ? message.content.at(-1) : undefined,
  );
  const systemBlocks = Array.isArray(body.system) ? body.system : [];
  if (placement === 'tools and last block') mark(body.tools.at(-1));
  if (placement === 'system and last block') mark(systemBlocks.at(-1));
  if (placement.endsWith('last block')) mark(lastBlocks.at(-1));
  if (placement === 'last two user messages') {
    const users = body.messages.flatMap((message, index) =>
      message.role === 'user' ? [lastBlocks[index]] : [],
    );
    for (const block of users.slice(-2)) mark(block);
  }
  if (placement === 'inside a tool result') {
    const inner = listContentBlocks(body).flatMap((block) =>
      block.type === 'tool_result' && Array.isArray(block.content) ? (block.content as JsonObject[]) : [],
    );
    mark(inner.at(-1));
  }
  if (placement === 'anywhere') {
    const blocks = [...body.tools, ...systemBlocks, ...listContentBlocks(body)];
    for (let count = 1 + random.below(4); count > 0 && blocks.length > 0; count -= 1)
      mark(random.pick(blocks));
  }
}

/** A request of the conversation as the fake reads it: written as JSON, parsed, its prompt's blocks listed. */
function toRequest(
  conversation: Conversation,
  options: { placement: BreakpointPlacement; random: Random; minTokens: number; copies?: PromptCopies },
): UseOptions {
  const body = JSON.parse(JSON.stringify(conversation)) as Conversation;
  placeBreakpoints(body, options.placement, options.random);
  const json = JSON.parse(JSON.stringify(body)) as Conversation;
  // As the fake reads a body: its repeated items as the frozen copies of the last request's.
  const parsed = (options.copies?.reuse(json) ?? json) as Conversation;
  return {
    model: parsed.model,
    settings: { toolChoice: parsed.toolChoice, thinking: parsed.thinking },
    blocks: listPromptBlocks({ tools: parsed.tools, system: parsed.system, messages: parsed.messages }),
    minTokens: options.minTokens,
  };
}

/** Both caches, fresh: each request goes to both. */
function createCaches() {
  const cache = createPromptCache();
  const reference = createReferencePromptCache();
  return {
    use(options: UseOptions): { actual: PromptCacheUse; expected: PromptCacheUse } {
      return { actual: cache.use(options), expected: reference.use(options) };
    },
  };
}

describe('createPromptCache, incremental', () => {
  // The fake hands the cache the blocks of its frozen copies (a repeated block the very same frozen block), or of
  // the body as parsed when a body cannot be copied: both must answer as the reference does.
  it.each([
    ['blocks of the fake’s frozen copies', true],
    ['blocks of each body as parsed', false],
  ])(
    'answers every request of random sequences as the non-incremental reference does (%s)',
    (_blocks, copied) => {
      const seen = { requests: 0, reads: 0, partialReads: 0, writes: 0 };
      for (let seed = 1; seed <= 120; seed += 1) {
        const random = createRandom(seed);
        const caches = createCaches();
        const copies = copied ? createPromptCopies() : undefined;
        const minTokens = random.pick([0, 1, 40, 150, 400, 1024]);
        const conversations: [Conversation, Conversation] = [
          createConversation(random),
          createConversation(random),
        ];
        let current: 0 | 1 = 0;
        const history: string[] = [];
        for (let step = 0; step < 40; step += 1) {
          // Two unrelated conversations on one script, now and then taking turns.
          if (random.chance(0.15)) current = current === 0 ? 1 : 0;
          const conversation = conversations[current];
          const editName = random.pick(editNames);
          edits[editName]?.(conversation, random);
          const placement = random.chance(0.6) ? 'tools and last block' : random.pick(breakpointPlacements);
          history.push(`${current}: ${editName}, ${placement}`);
          const request = toRequest(conversation, {
            placement,
            random,
            minTokens: random.chance(0.05) ? random.pick([0, 1024]) : minTokens,
            copies,
          });
          const { actual, expected } = caches.use(request);

          expect(actual, `seed ${seed}, requests:\n${history.join('\n')}`).toEqual(expected);
          seen.requests += 1;
          if (expected.readTokens > 0) seen.reads += 1;
          if (expected.readTokens > 0 && expected.writeTokens > 0) seen.partialReads += 1;
          if (expected.writeTokens > 0) seen.writes += 1;
        }
      }
      // The sequences read, write, and read part of a prompt, often: the comparison is not of empty results.
      expect(seen.reads).toBeGreaterThan(seen.requests / 4);
      expect(seen.partialReads).toBeGreaterThan(seen.requests / 8);
      expect(seen.writes).toBeGreaterThan(seen.requests / 4);
    },
  );

  it('answers random sequences of blocks of any label and place as the reference does', () => {
    // Blocks listPromptBlocks would never make (a label that does not say where the block is), from few values,
    // so that the same block often comes back at another place, under another label, or in the other role.
    const randomBlock = (random: Random): PromptBlock => {
      const location = random.pick(['tools.0', 'system.0', 'messages.0.content.0', 'messages.1.content.0']);
      return {
        location,
        label: random.pick(['tool', 'system', 'message 0 user']),
        type: 'text',
        block: { type: 'text', text: random.pick(['a', 'b', 'a'.repeat(40)]) },
        cacheControls: random.chance(0.4) ? [{ path: '', value: ephemeral }] : [],
      };
    };
    let reads = 0;
    for (let seed = 1; seed <= 200; seed += 1) {
      const random = createRandom(seed);
      const caches = createCaches();
      let blocks: PromptBlock[] = [];
      for (let step = 0; step < 30; step += 1) {
        const change = random.below(4);
        if (change === 0 || blocks.length === 0) blocks = [...blocks, randomBlock(random)];
        else if (change === 1) blocks = blocks.slice(0, random.below(blocks.length));
        else blocks = blocks.map((block) => (random.chance(0.2) ? randomBlock(random) : block));
        const { actual, expected } = caches.use({
          model: random.pick(['claude-sonnet-4-6', 'claude-haiku-4-5']),
          settings: { toolChoice: random.pick([undefined, { type: 'auto' }]), thinking: undefined },
          blocks,
          minTokens: random.pick([0, 10]),
        });

        expect(actual, `seed ${seed}, step ${step}`).toEqual(expected);
        if (expected.readTokens > 0) reads += 1;
      }
    }
    expect(reads).toBeGreaterThan(500);
  });

  const lookup = { name: 'lookup', description: 'Looks a question up.', input_schema: { type: 'object' } };
  const question = 'How many days of leave does a new employee get in the first year?';

  /** A request with one tool and these messages, a breakpoint on the last block, as toolloop sends it. */
  function loopRequest(messages: Conversation['messages'], minTokens = 0): UseOptions {
    const random = createRandom(0);
    return toRequest(
      {
        model: 'claude-sonnet-4-6',
        toolChoice: undefined,
        thinking: undefined,
        tools: [lookup],
        system: undefined,
        messages,
      },
      { placement: 'last block', random, minTokens },
    );
  }

  function toolRound(round: number, result: string): Conversation['messages'] {
    const id = `toolu_${round}`;
    return [
      { role: 'assistant', content: [{ type: 'tool_use', id, name: 'lookup', input: { round } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: result }] },
    ];
  }

  it('does not read a prefix from the cache once an earlier message in it changed', () => {
    const first = [
      { role: 'user', content: [{ type: 'text', text: question }] },
      ...toolRound(1, 'Section 4.'),
    ];
    const changed = [
      { role: 'user', content: [{ type: 'text', text: question.replace('first', 'final') }] },
      ...toolRound(1, 'Section 4.'),
      ...toolRound(2, 'Section 5.'),
    ];
    const unchanged = [...first, ...toolRound(2, 'Section 5.')];
    const control = createCaches();
    control.use(loopRequest(first));
    const caches = createCaches();
    caches.use(loopRequest(first));

    // The control reads what the first request wrote; the changed question, of the same length, reads nothing.
    expect(control.use(loopRequest(unchanged)).actual.readTokens).toBeGreaterThan(0);
    const { actual, expected } = caches.use(loopRequest(changed));
    expect(actual).toEqual(expected);
    expect(actual.readTokens).toBe(0);
    expect(actual.writeTokens).toBe(actual.prefixTokens);
  });

  it('gives a tool result cleared in place a new key: a request reads only the prefix before it', () => {
    const caches = createCaches();
    const messages: Conversation['messages'] = [
      { role: 'user', content: [{ type: 'text', text: question }] },
    ];
    const prefixes: number[] = [];
    for (let round = 1; round <= 5; round += 1) {
      messages.push(...toolRound(round, `Section ${round} of the handbook.`));
      prefixes.push(caches.use(loopRequest(messages)).actual.prefixTokens);
    }
    // Round 3's result cleared, to the same length: the prefix through round 2 is still cached, no later one.
    const cleared = messages.map((message, index) =>
      index === 6 ? (toolRound(3, 'x'.repeat('Section 3 of the handbook.'.length))[1] ?? message) : message,
    );
    const { actual, expected } = caches.use(loopRequest([...cleared, ...toolRound(6, 'Section 6.')]));

    expect(actual).toEqual(expected);
    expect(actual.readTokens).toBe(prefixes[1]);
  });

  it('starts afresh after a summary replaced the transcript, reading only the tools', () => {
    const caches = createCaches();
    const markedTools = (messages: Conversation['messages']): UseOptions =>
      toRequest(
        {
          model: 'claude-sonnet-4-6',
          toolChoice: undefined,
          thinking: undefined,
          tools: [lookup],
          system: undefined,
          messages,
        },
        { placement: 'tools and last block', random: createRandom(0), minTokens: 0 },
      );
    const messages: Conversation['messages'] = [
      { role: 'user', content: [{ type: 'text', text: question }] },
    ];
    for (let round = 1; round <= 4; round += 1) {
      caches.use(markedTools(messages));
      messages.push(...toolRound(round, `Section ${round}.`));
    }
    // The summary is as long as the question it replaces, in its place, and the round after it as long as the
    // first: only their text tells them apart from the prefixes the loop wrote.
    const summary = 'S'.repeat(question.length);
    const { actual, expected } = caches.use(
      markedTools([
        { role: 'user', content: [{ type: 'text', text: summary }] },
        ...toolRound(5, 'Section 5.'),
      ]),
    );

    expect(actual).toEqual(expected);
    expect(actual.readTokens).toBe(Math.ceil(JSON.stringify(lookup).length / 4));
    expect(actual.writeTokens).toBe(actual.prefixTokens - actual.readTokens);
  });

  // Repeated unchanged first, the same object must still not become what the cache compares the next request with.
  it.each([
    ['its request', 0],
    ['a request that repeated it unchanged', 1],
  ])('reads nothing of a block changed in place after %s', (_label, repeats) => {
    const caches = createCaches();
    const text = { type: 'text', text: question, cache_control: ephemeral };
    const request = (): UseOptions => ({
      model: 'claude-sonnet-4-6',
      settings: { toolChoice: undefined, thinking: undefined },
      blocks: listPromptBlocks({ messages: [{ role: 'user', content: [text] }] }),
      minTokens: 0,
    });
    caches.use(request());
    for (let repeat = 0; repeat < repeats; repeat += 1)
      expect(caches.use(request()).actual.readTokens).toBeGreaterThan(0);
    text.text = question.replace('first', 'final');
    const { actual, expected } = caches.use(request());

    expect(actual).toEqual(expected);
    expect(actual.readTokens).toBe(0);
  });

  it('does not read a message whose role changed, its content the same', () => {
    const caches = createCaches();
    const asked = [{ role: 'user', content: [{ type: 'text', text: question }] }];
    caches.use(loopRequest(asked));
    const { actual, expected } = caches.use(
      loopRequest([{ role: 'assistant', content: [{ type: 'text', text: question }] }]),
    );

    expect(actual).toEqual(expected);
    expect(actual.readTokens).toBe(0);
  });

  it('does not read a block that moved between the system prompt and the messages, its label the same', () => {
    const caches = createCaches();
    const block = (location: string): PromptBlock => ({
      location,
      label: 'instructions',
      type: 'text',
      block: { type: 'text', text: question },
      cacheControls: [{ path: '', value: ephemeral }],
    });
    const request = (location: string): UseOptions => ({
      model: 'claude-sonnet-4-6',
      settings: { toolChoice: { type: 'auto' }, thinking: undefined },
      blocks: [block(location)],
      minTokens: 0,
    });
    caches.use(request('system.0'));
    const { actual, expected } = caches.use(request('messages.0.content.0'));

    expect(actual).toEqual(expected);
    expect(actual.readTokens).toBe(0);
  });
});
