import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import {
  addAnthropicCacheBreakpoints,
  moveRoundLineToLastMessage,
} from './add-anthropic-cache-breakpoints.js';

const tools = [
  { name: 'search', input_schema: { type: 'object' as const } },
  { name: 'read_file', input_schema: { type: 'object' as const } },
];

/** A request of the third round of a turn: two tool rounds in its transcript. */
function thirdRound(system = 'You answer questions.\n\n[Round 3] Answer now.'): MessageCreateParamsStreaming {
  return {
    model: 'claude-sonnet-4-6',
    max_tokens: 1000,
    stream: true,
    system,
    tools,
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Find the report.' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Search first.', signature: 'sig-1' },
          { type: 'tool_use', id: 'toolu_1', name: 'search', input: { query: 'report' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'report.md' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_2', name: 'read_file', input: { path: 'report.md' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'Sales rose.' }] },
    ],
  };
}

describe('addAnthropicCacheBreakpoints', () => {
  it('marks the last tool, the stable system prompt, the previous request’s end and this one’s, and sends the round’s line last', () => {
    const marked = addAnthropicCacheBreakpoints({
      params: thirdRound(),
      volatileSystemSuffix: '[Round 3] Answer now.',
    });

    expect(marked.tools?.map((tool) => 'cache_control' in tool)).toEqual([false, true]);
    expect(marked.system).toEqual([
      { type: 'text', text: 'You answer questions.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(marked.messages.slice(2)).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: 'report.md',
            cache_control: { type: 'ephemeral' },
          },
        ],
      },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_2', name: 'read_file', input: { path: 'report.md' } }],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_2',
            content: 'Sales rose.',
            cache_control: { type: 'ephemeral' },
          },
          { type: 'text', text: '[Round 3] Answer now.' },
        ],
      },
    ]);
    expect(countBreakpoints(marked)).toBe(4);
  });

  it('leaves the request it was given unchanged', () => {
    const params = thirdRound();
    const copy = structuredClone(params);
    addAnthropicCacheBreakpoints({ params, volatileSystemSuffix: '[Round 3] Answer now.' });
    expect(params).toEqual(copy);
  });

  it('keeps the whole system prompt when it does not end with the round’s line', () => {
    const marked = addAnthropicCacheBreakpoints({
      params: thirdRound('You answer questions.\n\n[Round 3] Answer now.\n\nTools: search, read_file.'),
      volatileSystemSuffix: '[Round 3] Answer now.',
    });
    expect(marked.system).toEqual([
      {
        type: 'text',
        text: 'You answer questions.\n\n[Round 3] Answer now.\n\nTools: search, read_file.',
        cache_control: { type: 'ephemeral' },
      },
    ]);
    expect(marked.messages.at(-1)?.content).toHaveLength(1);
  });

  it('sends no system prompt when it was only the round’s line', () => {
    const marked = addAnthropicCacheBreakpoints({
      params: thirdRound('[Round 3] Answer now.'),
      volatileSystemSuffix: '[Round 3] Answer now.',
    });
    expect(marked).not.toHaveProperty('system');
    expect(marked.messages.at(-1)?.content).toContainEqual({ type: 'text', text: '[Round 3] Answer now.' });
    expect(countBreakpoints(marked)).toBe(3);
  });

  it('puts a breakpoint on the last block that can carry one: never thinking, redacted thinking or empty text', () => {
    const marked = addAnthropicCacheBreakpoints({
      params: {
        model: 'claude-sonnet-4-6',
        max_tokens: 1000,
        stream: true,
        messages: [
          { role: 'user', content: 'Think first.' },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Let me think.' },
              { type: 'redacted_thinking', data: 'opaque' },
              { type: 'thinking', thinking: 'Hmm.', signature: 'sig' },
              { type: 'text', text: '' },
            ],
          },
        ],
      },
    });
    expect(marked.messages).toEqual([
      {
        role: 'user',
        content: [{ type: 'text', text: 'Think first.', cache_control: { type: 'ephemeral' } }],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me think.', cache_control: { type: 'ephemeral' } },
          { type: 'redacted_thinking', data: 'opaque' },
          { type: 'thinking', thinking: 'Hmm.', signature: 'sig' },
          { type: 'text', text: '' },
        ],
      },
    ]);
  });

  it('keeps the round’s line in the system prompt when the last message is the assistant’s', () => {
    const marked = addAnthropicCacheBreakpoints({
      params: {
        model: 'claude-sonnet-4-6',
        max_tokens: 1000,
        stream: true,
        system: 'Be brief.\n\n[Round 1] Call a tool.',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
        ],
      },
      volatileSystemSuffix: '[Round 1] Call a tool.',
    });
    expect(marked.system).toEqual([
      { type: 'text', text: 'Be brief.\n\n[Round 1] Call a tool.', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('gives every breakpoint the ttl asked for', () => {
    const marked = addAnthropicCacheBreakpoints({
      params: thirdRound(),
      volatileSystemSuffix: '[Round 3] Answer now.',
      ttl: '1h',
    });
    expect(JSON.stringify(marked).match(/"cache_control":\{[^}]*\}/g)).toEqual(
      Array.from({ length: 4 }, () => '"cache_control":{"type":"ephemeral","ttl":"1h"}'),
    );
  });
});

describe('moveRoundLineToLastMessage', () => {
  const base: MessageCreateParamsStreaming = {
    model: 'claude-sonnet-4-6',
    max_tokens: 1000,
    stream: true,
    messages: [{ role: 'user', content: 'Hi' }],
  };

  it('leaves no system prompt when the round’s line was all of it, and makes string content a block', () => {
    const moved = moveRoundLineToLastMessage({
      params: { ...base, system: '[Round 1] Call a tool.' },
      volatileSystemSuffix: '[Round 1] Call a tool.',
    });
    expect(moved).not.toHaveProperty('system');
    expect(moved.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hi' },
          { type: 'text', text: '[Round 1] Call a tool.' },
        ],
      },
    ]);
  });

  it('changes nothing when the system prompt does not end with the line, or the last message is the model’s', () => {
    const other = { ...base, system: 'Be brief.' };
    const answered: MessageCreateParamsStreaming = {
      ...base,
      system: 'Be brief.\n\n[Round 2] Answer.',
      messages: [...base.messages, { role: 'assistant', content: 'Paused.' }],
    };
    expect(moveRoundLineToLastMessage({ params: other, volatileSystemSuffix: '[Round 2] Answer.' })).toBe(
      other,
    );
    expect(moveRoundLineToLastMessage({ params: answered, volatileSystemSuffix: '[Round 2] Answer.' })).toBe(
      answered,
    );
    expect(moveRoundLineToLastMessage({ params: answered, volatileSystemSuffix: undefined })).toBe(answered);
  });
});

function countBreakpoints(params: MessageCreateParamsStreaming): number {
  return JSON.stringify(params).match(/"cache_control"/g)?.length ?? 0;
}
