import { describe, expect, it } from 'vitest';
import { isKeptCopy } from './copy-frozen.js';
import { createPromptCopies } from './prompt-copies.js';

const parse = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown[]>;
const question = { role: 'user', content: [{ type: 'text', text: 'Hi.' }] };
const call = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'echo', input: {} }] };

describe('createPromptCopies', () => {
  it('gives the items a request repeats, position by position, as the copies it kept from the last one', () => {
    const copies = createPromptCopies();
    const first = copies.reuse(
      parse({ model: 'm', messages: [question], tools: [{ name: 'echo' }] }),
    ) as Record<string, unknown[]>;
    const sent = parse({ model: 'm', messages: [question, call], tools: [{ name: 'echo' }] });
    const second = copies.reuse(sent) as Record<string, unknown[]>;
    expect(second.messages?.[0]).toBe(first.messages?.[0]);
    expect(second.tools?.[0]).toBe(first.tools?.[0]);
    expect(second.messages?.[1]).toEqual(call);
    expect(second.messages?.[1]).not.toBe(sent.messages?.[1]);
    expect(isKeptCopy(second.messages?.[1])).toBe(true);
    // The body as sent is not changed, and none of it is frozen.
    expect(sent.messages?.[1]).not.toBe(second.messages?.[1]);
    expect(Object.isFrozen(sent.messages)).toBe(false);
  });

  it('copies an item again when its value changed, however little', () => {
    const copies = createPromptCopies();
    const first = copies.reuse(parse({ messages: [question, call] })) as Record<string, unknown[]>;
    const changed = parse({
      messages: [question, { ...call, content: [{ ...call.content[0], id: 'toolu_2' }] }],
    });
    const second = copies.reuse(changed) as Record<string, unknown[]>;
    expect(second.messages?.[0]).toBe(first.messages?.[0]);
    expect(second.messages?.[1]).not.toBe(first.messages?.[1]);
    expect(second.messages?.[1]).toEqual(changed.messages?.[1]);
  });

  it('gives back a body it cannot read as it is', () => {
    const copies = createPromptCopies();
    for (const body of [null, 'text', [question], { messages: 'none' }])
      expect(copies.reuse(body)).toBe(body);
  });

  it('copies every object and list of an item, frozen, a `__proto__` field as an own field', () => {
    const copies = createPromptCopies();
    const sent: unknown = JSON.parse(
      '{"messages":[{"role":"user","content":[{"type":"text","__proto__":{"x":1}}]}]}',
    );
    const { messages } = copies.reuse(sent) as { messages: Array<{ content: object[] }> };
    const block = messages[0]?.content[0];
    expect(Object.isFrozen(messages[0]?.content)).toBe(true);
    expect(Object.isFrozen(block)).toBe(true);
    expect(Object.getPrototypeOf(block)).toBe(Object.prototype);
    expect(Object.keys(block ?? {})).toEqual(['type', '__proto__']);
  });

  it('keeps the prompts of agents taking turns on one script apart', () => {
    const copies = createPromptCopies();
    const other = { role: 'user', content: [{ type: 'text', text: 'Another task.' }] };
    const first = copies.reuse(parse({ messages: [question] })) as Record<string, unknown[]>;
    copies.reuse(parse({ messages: [other] }));
    const again = copies.reuse(parse({ messages: [question, call] })) as Record<string, unknown[]>;
    expect(again.messages?.[0]).toBe(first.messages?.[0]);
  });

  it('gives back a body nested too deep to copy as it is', () => {
    const copies = createPromptCopies();
    const deep = JSON.parse(`{"messages":[${'['.repeat(20_000)}${']'.repeat(20_000)}]}`) as unknown;
    expect(copies.reuse(deep)).toBe(deep);
  });

  it('counts as copies only what it made, not any frozen value', () => {
    expect(isKeptCopy(Object.freeze({ type: 'text' }))).toBe(false);
  });
});
