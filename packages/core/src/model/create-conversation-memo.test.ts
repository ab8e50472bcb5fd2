import { describe, expect, it } from 'vitest';
import { createConversationMemo, createListSnapshot } from './create-conversation-memo.js';

describe('createListSnapshot', () => {
  const list = () => [
    { role: 'user', content: 'a' },
    { role: 'assistant', content: [{ type: 'tool-call', input: { query: 'a' } }] },
    { role: 'tool', content: [{ type: 'tool-result', output: { content: [{ type: 'text', text: 'x' }] } }] },
  ];

  it('tells how many parts, from the first, are the objects recorded at their places, with their values', () => {
    const snapshot = createListSnapshot();
    const parts = list();
    expect(snapshot.unchangedPrefix(parts)).toBe(0);
    snapshot.record(parts, 0);

    expect(snapshot.unchangedPrefix(parts)).toBe(3);
    // A longer list is unchanged up to what was recorded, a shorter one as far as it goes.
    expect(snapshot.unchangedPrefix([...parts, { role: 'user', content: 'b' }])).toBe(3);
    expect(snapshot.unchangedPrefix(parts.slice(0, 2))).toBe(2);
    expect(snapshot.unchangedPrefix(parts.slice(1))).toBe(0);
    // Equal values in other objects are a change: what was made from a part may hold its very objects.
    expect(snapshot.unchangedPrefix(list())).toBe(0);
    const [first, call, result] = parts;
    expect(snapshot.unchangedPrefix([first!, structuredClone(call!), result!])).toBe(1);
    (call!.content as Array<{ input: object }>)[0]!.input = { query: 'a' };
    expect(snapshot.unchangedPrefix(parts)).toBe(1);
  });

  it('stops at the first part changed in place, at any depth, or given in another place', () => {
    const snapshot = createListSnapshot();
    const parts = list();
    snapshot.record(parts, 0);
    const [, call, result] = parts;
    (result?.content as Array<{ output: { content: Array<{ text: string }> } }>)[0]!.output.content[0]!.text =
      'y';
    expect(snapshot.unchangedPrefix(parts)).toBe(2);
    (call?.content as Array<{ input: { query: string } }>)[0]!.input.query = 'b';
    expect(snapshot.unchangedPrefix(parts)).toBe(1);
    expect(snapshot.unchangedPrefix([parts[1]!, parts[0]!, parts[2]!])).toBe(0);
  });

  it('records a list keeping the parts already recorded, and forgets those after them', () => {
    const snapshot = createListSnapshot();
    const parts = list();
    snapshot.record(parts, 0);
    const next = [...parts.slice(0, 2), { role: 'user', content: 'c' }];
    snapshot.record(next, snapshot.unchangedPrefix(next));

    expect(snapshot.unchangedPrefix(next)).toBe(3);
    expect(snapshot.unchangedPrefix(parts)).toBe(2);
  });
});

describe('createConversationMemo', () => {
  /** A memo whose state is the list of messages each call redid, and what each call was told was unchanged. */
  function redoLog() {
    const memo = createConversationMemo<string[]>(() => []);
    return (messages: Array<{ text: string }>, fail = false) =>
      memo.use(messages, (redone, unchanged) => {
        redone.length = unchanged;
        for (const message of messages.slice(unchanged)) {
          if (fail) throw new Error('cannot');
          redone.push(message.text);
        }
        return { result: { unchanged, redone: [...redone] }, redoneFrom: unchanged };
      });
  }

  it('gives the work how many messages are unchanged since the last call of the conversation', () => {
    const use = redoLog();
    const first = { text: 'a' };
    const messages = [first, { text: 'b' }];

    expect(use(messages)).toEqual({ unchanged: 0, redone: ['a', 'b'] });
    messages.push({ text: 'c' });
    expect(use(messages)).toEqual({ unchanged: 2, redone: ['a', 'b', 'c'] });
    messages[1]!.text = 'B';
    expect(use(messages)).toEqual({ unchanged: 1, redone: ['a', 'B', 'c'] });
    // Another conversation: another first message, nothing kept.
    expect(use([{ text: 'a' }, { text: 'B' }])).toEqual({ unchanged: 0, redone: ['a', 'B'] });
    expect(use([])).toEqual({ unchanged: 0, redone: [] });
  });

  it('keeps nothing of work that threw: the next call starts from nothing', () => {
    const use = redoLog();
    const messages = [{ text: 'a' }, { text: 'b' }];
    use(messages);

    expect(() => use([messages[0]!, { text: 'x' }], true)).toThrow('cannot');
    expect(use(messages)).toEqual({ unchanged: 0, redone: ['a', 'b'] });
  });
});
