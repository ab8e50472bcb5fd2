import type { Message, ToolResultPart } from '@toolloop/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';

function toolResult(overrides: Partial<ToolResultPart> & { toolCallId: string }): ToolResultPart {
  return {
    type: 'tool-result',
    toolName: 'search',
    output: { content: [{ type: 'text', text: 'found' }] },
    isError: false,
    ...overrides,
  };
}

describe('convertToAnthropicMessages', () => {
  it('sends user text as text blocks', () => {
    expect(
      convertToAnthropicMessages([
        { role: 'user', content: 'Hello' },
        { role: 'user', content: [{ type: 'text', text: 'Again' }] },
      ]),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hello' },
          { type: 'text', text: 'Again' },
        ],
      },
    ]);
  });

  it('echoes thinking with its signature and redacted thinking unchanged, in order, before text and tool calls', () => {
    const messages: Message[] = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', text: 'Paris first.', providerData: { signature: 'EvQBCkYICxgC+/==' } },
          { type: 'redacted-thinking', data: 'EqkECkYIBxgC' },
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        ],
      },
    ];
    expect(convertToAnthropicMessages(messages)[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Paris first.', signature: 'EvQBCkYICxgC+/==' },
        { type: 'redacted_thinking', data: 'EqkECkYIBxgC' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
      ],
    });
  });

  it('turns a tool message into a user message of tool_result blocks, with is_error on errors', () => {
    expect(
      convertToAnthropicMessages([
        {
          role: 'tool',
          content: [
            toolResult({ toolCallId: 'toolu_1' }),
            toolResult({
              toolCallId: 'toolu_2',
              isError: true,
              output: { content: [{ type: 'text', text: 'boom' }] },
            }),
          ],
        },
      ]),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'found' },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_2',
            content: 'boom',
            is_error: true,
          },
        ],
      },
    ]);
  });

  it('merges tool results with the user content around them, results first', () => {
    expect(
      convertToAnthropicMessages([
        { role: 'user', content: 'Before' },
        { role: 'tool', content: [toolResult({ toolCallId: 'toolu_1' })] },
        { role: 'user', content: 'After' },
      ]),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'found' },
          { type: 'text', text: 'Before' },
          { type: 'text', text: 'After' },
        ],
      },
    ]);
  });

  it('leaves out empty text and thinking that has no signature to verify', () => {
    expect(
      convertToAnthropicMessages([
        { role: 'user', content: '' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'from another provider' },
            { type: 'text', text: '' },
            { type: 'text', text: 'Hi' },
          ],
        },
      ]),
    ).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'Hi' }] }]);
  });

  it('leaves out a message with nothing left to send, which the API would refuse, merging its neighbours', () => {
    expect(
      convertToAnthropicMessages([
        { role: 'user', content: 'Hi' },
        // From an OpenAI-compatible model: its thinking has no signature, so nothing of it can go back.
        { role: 'assistant', content: [{ type: 'thinking', text: 'The user greets me.' }] },
        { role: 'user', content: 'Anyone there?' },
      ]),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hi' },
          { type: 'text', text: 'Anyone there?' },
        ],
      },
    ]);
  });

  it('sends a call whose arguments did not parse with its {} input', () => {
    expect(
      convertToAnthropicMessages([
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              id: 'toolu_1',
              name: 'search',
              input: {},
              rawInput: '{"q":',
              inputError: 'not JSON',
            },
          ],
        },
      ]),
    ).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'search', input: {} }] },
    ]);
  });

  describe('kept from request to request', () => {
    /** A loop's transcript after `rounds` rounds of one search call each. */
    function transcript(rounds: number): Message[] {
      const messages: Message[] = [{ role: 'user', content: 'Search.' }];
      for (let round = 0; round < rounds; round += 1)
        messages.push(
          {
            role: 'assistant',
            content: [{ type: 'tool-call', id: `c${round}`, name: 'search', input: { round } }],
          },
          { role: 'tool', content: [toolResult({ toolCallId: `c${round}` })] },
        );
      return messages;
    }

    it('converts a part edited in place since it was converted again: text, a result, a call input, a new part', () => {
      const messages = transcript(3);
      convertToAnthropicMessages(messages);
      const [, call, result, assistant] = messages;
      if (call?.role !== 'assistant' || result?.role !== 'tool' || assistant?.role !== 'assistant')
        throw new Error('Unexpected transcript.');
      const [callPart] = call.content;
      if (callPart?.type !== 'tool-call') throw new Error('Unexpected call.');
      callPart.input = { round: 'edited' };
      const block = result.content[0]?.output.content[0];
      if (block?.type !== 'text') throw new Error('Unexpected result.');
      block.text = 'edited result';
      assistant.content.unshift({ type: 'text', text: 'A new part.' });

      expect(convertToAnthropicMessages(messages).slice(1, 4)).toEqual([
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'c0', name: 'search', input: { round: 'edited' } }],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'c0', content: 'edited result' }],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'A new part.' },
            { type: 'tool_use', id: 'c1', name: 'search', input: { round: 1 } },
          ],
        },
      ]);
    });

    it('sends what the transcript holds after an object in it was replaced by an equal copy and the old one edited', () => {
      // A converted block holds the call's input object itself: were it kept because the new input has equal
      // values, editing the dropped object would reach the request.
      const replaceInput = (messages: Message[]) => {
        const [callPart] = (messages[1] as Extract<Message, { role: 'assistant' }>).content;
        if (callPart?.type !== 'tool-call') throw new Error('Unexpected call.');
        const dropped = callPart.input as { round: number | string };
        callPart.input = { ...dropped };
        return dropped;
      };
      const replaceMessage = (messages: Message[]) => {
        const dropped = messages[1] as Extract<Message, { role: 'assistant' }>;
        messages[1] = structuredClone(dropped);
        const [callPart] = dropped.content;
        if (callPart?.type !== 'tool-call') throw new Error('Unexpected call.');
        return callPart.input as { round: number | string };
      };
      for (const replace of [replaceInput, replaceMessage]) {
        const messages = transcript(2);
        convertToAnthropicMessages(messages);
        const dropped = replace(messages);
        convertToAnthropicMessages(messages);
        dropped.round = 'edited after it was dropped';

        expect(convertToAnthropicMessages(messages)).toEqual(
          convertToAnthropicMessages(structuredClone(messages)),
        );
        expect(convertToAnthropicMessages(messages)[1]?.content).toEqual([
          { type: 'tool_use', id: 'c0', name: 'search', input: { round: 0 } },
        ]);
      }
    });

    it("sends a conversation that shares its first message object with another its own objects, not the other's", () => {
      const first: Message = { role: 'user', content: 'Search.' };
      const [, ...rest] = transcript(2);
      const one = [first, ...rest];
      const other = [first, ...structuredClone(rest)];
      convertToAnthropicMessages(one);
      convertToAnthropicMessages(other);
      const [callPart] = (rest[0] as Extract<Message, { role: 'assistant' }>).content;
      if (callPart?.type !== 'tool-call') throw new Error('Unexpected call.');
      (callPart.input as { round: number | string }).round = 'edited in the first conversation';

      expect(convertToAnthropicMessages(other)[1]?.content).toEqual([
        { type: 'tool_use', id: 'c0', name: 'search', input: { round: 0 } },
      ]);
    });

    it('freezes the messages it gives, which the next request sends again: a change throws, never reaching the next', () => {
      const messages = transcript(2);
      const first = convertToAnthropicMessages(messages);
      for (const message of first) {
        expect(() => (message.content as unknown[]).push({ type: 'text', text: 'added' })).toThrow(TypeError);
        expect(() => Object.assign(message, { role: 'assistant' })).toThrow(TypeError);
      }
      expect(convertToAnthropicMessages(messages)).toEqual(convertToAnthropicMessages(transcript(2)));
    });

    it('converts the conversation as from nothing after a conversion that threw, with nothing of it', () => {
      const messages = transcript(2);
      convertToAnthropicMessages(messages);
      const unknownResult = {
        role: 'tool',
        content: [toolResult({ toolCallId: 'c1', output: { content: [{ type: 'unknown' }] } as never })],
      } as Message;
      // An earlier message changed, and content the API cannot take after it: the conversion throws part way.
      const broken = [
        ...messages.slice(0, 2),
        { role: 'user' as const, content: 'another' },
        messages[3]!,
        unknownResult,
      ];
      expect(() => convertToAnthropicMessages(broken)).toThrow('Unknown tool content');

      const shorter = messages.slice(0, 4);
      expect(convertToAnthropicMessages(shorter)).toEqual(
        convertToAnthropicMessages(structuredClone(shorter)),
      );
    });

    it('follows every change to the transcript between requests, as a conversion from nothing would', () => {
      fc.assert(
        fc.property(fc.array(transcriptEdit, { maxLength: 40 }), (edits) => {
          const messages = transcript(3);
          const dropped: Message[] = [];
          convertToAnthropicMessages(messages);
          for (const edit of edits) {
            applyEdit(messages, edit, dropped);
            // A deep copy shares no object with anything converted before: it is converted from nothing.
            expect(convertToAnthropicMessages(messages)).toEqual(
              convertToAnthropicMessages(structuredClone(messages)),
            );
          }
        }),
      );
    });
  });
});

/** One change a loop, a context limit or a user's code makes to a transcript between two requests. */
const transcriptEdit = fc.oneof(
  fc.record({ kind: fc.constant('round' as const), id: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant('user text' as const), text: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant('unsigned thinking' as const) }),
  fc.record({ kind: fc.constant('edit a result' as const), at: fc.nat(), text: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant('clear a result' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('edit a call input' as const), at: fc.nat(), value: fc.integer() }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('summarize' as const), count: fc.nat({ max: 6 }) }),
  fc.record({ kind: fc.constant('copy a message' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('edit a dropped call input' as const), value: fc.integer() }),
);

/** Applies `edit` to `messages`; a message replaced by an equal copy goes to `dropped`, which later edits change. */
function applyEdit(
  messages: Message[],
  edit: typeof transcriptEdit extends fc.Arbitrary<infer EDIT> ? EDIT : never,
  dropped: Message[],
) {
  const pick = <ITEM>(items: ITEM[], at: number): ITEM | undefined => items[at % Math.max(1, items.length)];
  const results = messages.flatMap((message) => (message.role === 'tool' ? message.content : []));
  const calls = messages.flatMap((message) =>
    message.role === 'assistant' ? message.content.filter((part) => part.type === 'tool-call') : [],
  );
  switch (edit.kind) {
    case 'round':
      messages.push(
        { role: 'assistant', content: [{ type: 'tool-call', id: edit.id, name: 'search', input: {} }] },
        { role: 'tool', content: [toolResult({ toolCallId: edit.id })] },
      );
      return;
    case 'user text':
      messages.push({ role: 'user', content: [{ type: 'text', text: edit.text }] });
      return;
    case 'unsigned thinking':
      messages.push({ role: 'assistant', content: [{ type: 'thinking', text: 'Hmm.' }] });
      return;
    case 'edit a result': {
      const block = pick(results, edit.at)?.output.content[0];
      if (block?.type === 'text') block.text = edit.text;
      return;
    }
    case 'clear a result': {
      const tool = pick(
        messages.filter((message) => message.role === 'tool'),
        edit.at,
      );
      if (tool?.role === 'tool')
        tool.content = tool.content.map((result) => ({
          ...result,
          output: { content: [{ type: 'text', text: '[Cleared]' }] },
        }));
      return;
    }
    case 'edit a call input': {
      const call = pick(calls, edit.at);
      if (call !== undefined) call.input = { value: edit.value };
      return;
    }
    case 'remove':
      messages.splice(edit.at % Math.max(1, messages.length), 1);
      return;
    case 'summarize':
      messages.splice(0, edit.count, { role: 'user', content: `Summary of ${edit.count} messages.` });
      return;
    case 'copy a message': {
      const at = edit.at % Math.max(1, messages.length);
      const message = messages[at];
      if (message === undefined) return;
      dropped.push(message);
      messages[at] = structuredClone(message);
      return;
    }
    case 'edit a dropped call input':
      for (const message of dropped)
        if (message.role === 'assistant')
          for (const part of message.content)
            if (part.type === 'tool-call') (part.input as Record<string, unknown>)['value'] = edit.value;
      return;
  }
}
