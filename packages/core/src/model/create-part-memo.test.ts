import { describe, expect, it } from 'vitest';
import { createPartMemo } from './create-part-memo.js';

/** A memo of each part's JSON, and how many times it was computed. */
function jsonMemo() {
  const memo = createPartMemo<string>();
  let computed = 0;
  const get = (part: object) =>
    memo.get(part, (value) => {
      computed += 1;
      return JSON.stringify(value);
    });
  return { get, computed: () => computed };
}

describe('createPartMemo', () => {
  it('computes a part once while it stays the same, and each part apart', () => {
    const { get, computed } = jsonMemo();
    const first = { type: 'text', text: 'a' };
    const second = { type: 'text', text: 'a' };

    expect([get(first), get(first), get(second), get(first)]).toEqual(
      Array(4).fill('{"type":"text","text":"a"}'),
    );
    expect(computed()).toBe(2);
  });

  it('computes a part edited in place again, at any depth and in any way', () => {
    const part = {
      type: 'tool-result',
      toolCallId: 'c1',
      output: { content: [{ type: 'text', text: 'ok' }], structuredContent: { rows: [1, 2] } },
      isError: false,
    };
    const edits: Array<() => void> = [
      () => (part.output.content[0]!.text = 'changed'),
      () => part.output.content.push({ type: 'text', text: 'more' }),
      () => part.output.content.pop(),
      () => (part.output.structuredContent.rows[1] = 3),
      () => (part.isError = true),
      () => Object.assign(part.output, { isError: true }),
      () => delete (part.output as { isError?: boolean }).isError,
      () => (part.output.structuredContent = { rows: [1, 4] }),
      () => ((part.output as Record<string, unknown>).structuredContent = undefined),
    ];
    const { get, computed } = jsonMemo();
    get(part);
    for (const [index, edit] of edits.entries()) {
      edit();
      expect(get(part), `after edit ${index}`).toBe(JSON.stringify(part));
      expect(computed()).toBe(index + 2);
      // Unchanged since: kept.
      get(part);
      expect(computed()).toBe(index + 2);
    }
  });

  it('computes a part again once one of its objects is replaced, even by an equal one', () => {
    // What was made from a part may hold its objects (a converted call holds its input): an equal copy in place
    // of one, and the dropped one edited, must not give what holds the edited object.
    const memo = createPartMemo<{ input: object }>();
    const part = { type: 'tool-call', input: { query: 'a' } };
    const made = (value: typeof part) => memo.get(value, ({ input }) => ({ input }));
    made(part);
    const dropped = part.input;
    part.input = { query: 'a' };
    dropped.query = 'edited after it was dropped';

    expect(made(part).input).toBe(part.input);
    expect(made(part).input).toEqual({ query: 'a' });
  });

  it('tells a renamed key and a moved value from the same values where they were', () => {
    const { get } = jsonMemo();
    const renamed: Record<string, unknown> = { a: 1 };
    get(renamed);
    delete renamed.a;
    renamed.b = 1;
    expect(get(renamed)).toBe('{"b":1}');

    const nested: { list: unknown[] } = { list: [[1], 2] };
    get(nested);
    nested.list = [[1, 2]];
    expect(get(nested)).toBe('{"list":[[1,2]]}');
  });
});
