import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message, ToolResultPart } from '../model/messages.js';
import { estimateTokens } from './limit-context.js';
import { withSummary } from './summarize-context.js';

const result = (toolCallId: string, text: string): ToolResultPart => ({
  type: 'tool-result',
  toolCallId,
  toolName: 'read',
  output: { content: [{ type: 'text', text }] },
  isError: false,
});

/** A transcript of `rounds` rounds of one `read` call each, each result `text`. */
function transcript(rounds: number, text: string): Message[] {
  const messages: Message[] = [{ role: 'user', content: 'Read them all.' }];
  for (let round = 0; round < rounds; round += 1) {
    messages.push(
      {
        role: 'assistant',
        content: [{ type: 'tool-call', id: `c${round}`, name: 'read', input: { round } }],
      },
      { role: 'tool', content: [result(`c${round}`, text)] },
    );
  }
  return messages;
}

/** One change between two requests: a round, a result edited in place or cleared, a message gone, a summary. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('round' as const), text: fc.string({ maxLength: 40 }) }),
  fc.record({
    kind: fc.constant('edit a result' as const),
    at: fc.nat(),
    text: fc.string({ maxLength: 40 }),
  }),
  fc.record({ kind: fc.constant('clear a result' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('edit a call input' as const), at: fc.nat(), text: fc.string() }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('summarize' as const), count: fc.nat({ max: 6 }), text: fc.string() }),
);

function apply(
  messages: Message[],
  change: typeof edit extends fc.Arbitrary<infer EDIT> ? EDIT : never,
): void {
  const tools = messages.filter((message) => message.role === 'tool');
  const pick = <ITEM>(items: ITEM[], at: number): ITEM | undefined => items[at % Math.max(1, items.length)];
  switch (change.kind) {
    case 'round':
      messages.push(
        { role: 'assistant', content: [{ type: 'tool-call', id: 'n', name: 'read', input: {} }] },
        { role: 'tool', content: [result('n', change.text)] },
      );
      return;
    case 'edit a result': {
      const block = pick(tools, change.at)?.content[0]?.output.content[0];
      if (block?.type === 'text') block.text = change.text;
      return;
    }
    case 'clear a result': {
      const tool = pick(tools, change.at);
      if (tool !== undefined) tool.content = tool.content.map((part) => result(part.toolCallId, '[Cleared]'));
      return;
    }
    case 'edit a call input': {
      const call = pick(
        messages.flatMap((message) => (message.role === 'assistant' ? message.content : [])),
        change.at,
      );
      if (call?.type === 'tool-call') call.input = { text: change.text };
      return;
    }
    case 'remove':
      messages.splice(change.at % Math.max(1, messages.length), 1);
      return;
    case 'summarize':
      messages.splice(0, change.count, { role: 'user', content: change.text });
      return;
  }
}

describe('estimateTokens', () => {
  it('counts what the model reads, four characters a token', () => {
    // 'Read them all.' (14), 'read' and {"round":0} (4 + 11), 'abcdefgh' (8): 37 characters.
    expect(estimateTokens(transcript(1, 'abcdefgh'))).toBe(Math.ceil(37 / 4));
    expect(estimateTokens([])).toBe(0);
  });

  it('follows every change to the transcript between requests, as a count from nothing would', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 40 }), (changes) => {
        const messages = transcript(3, 'a result');
        estimateTokens(messages);
        for (const change of changes) {
          apply(messages, change);
          // A deep copy shares no object with anything counted before: it is counted from nothing.
          expect(estimateTokens(messages)).toBe(estimateTokens(structuredClone(messages)));
        }
      }),
    );
  });
});

describe('estimateTokens after a count that threw', () => {
  it('counts the conversation as from nothing, with nothing of the count that failed', () => {
    const messages = transcript(3, 'a result');
    estimateTokens(messages);
    // An earlier message changed, and a part no count knows after it: the count throws part way.
    const unknownPart = { role: 'tool', content: [{ type: 'unknown' }] } as unknown as Message;
    const broken = [
      ...messages.slice(0, 2),
      { role: 'user' as const, content: 'another' },
      messages[3]!,
      unknownPart,
    ];
    expect(() => estimateTokens(broken)).toThrow('Unknown message part');

    expect(estimateTokens(messages)).toBe(estimateTokens(structuredClone(messages)));
  });
});

describe('withSummary', () => {
  it('sends one message for a summary from request to request, so what is kept of the conversation holds', () => {
    const messages = transcript(4, 'a result');
    const summary = { upTo: 5, text: 'Read rounds 0 and 1.' };
    const [first, ...rest] = withSummary(messages, summary);

    expect(withSummary(messages, summary)[0]).toBe(first);
    expect(first).toEqual({
      role: 'user',
      content: expect.stringContaining('Read rounds 0 and 1.') as string,
    });
    expect(rest).toEqual(messages.slice(5));
    summary.text = 'Read rounds 0 to 2.';
    expect(withSummary(messages, summary)[0]).toEqual({
      role: 'user',
      content: expect.stringContaining('Read rounds 0 to 2.') as string,
    });
  });
});
