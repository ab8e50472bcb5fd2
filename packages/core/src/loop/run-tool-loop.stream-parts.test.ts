import { describe, expect, it } from 'vitest';
import type { Model, ModelStreamPart } from '../model/model.js';
import { runToolLoop } from './run-tool-loop.js';

const usage = { inputTokens: 1, outputTokens: 1 };

/** A model that streams `part`, then a finish. */
function modelStreaming(part: unknown): Model {
  return {
    provider: 'custom',
    modelId: 'odd',
    async *stream() {
      yield (await Promise.resolve(part)) as ModelStreamPart;
      yield { type: 'finish', finishReason: 'end', usage };
    },
  };
}

const unreadable = new Proxy(
  {},
  {
    // Awaitable-checked like any value, then unreadable.
    get(_target, key) {
      if (key === 'then') return undefined;
      throw new Error('no access');
    },
  },
);

describe('a malformed stream part ends the turn with a model_error that says what was wrong', () => {
  it.each<[string, unknown]>([
    ['a stream part that is not an object', 'text'],
    ['a stream part that is not an object', null],
    ["a stream part of unknown type 'image'", { type: 'image' }],
    ['a stream part of unknown type (number)', { type: 7 }],
    ['a stream part of unknown type (undefined)', {}],
    ["a 'text-delta' part without text", { type: 'text-delta' }],
    ["a 'thinking-delta' part without text", { type: 'thinking-delta', text: 1 }],
    ["a 'text' part without text", { type: 'text', text: null }],
    ["a 'thinking' part without text", { type: 'thinking' }],
    ["a 'redacted-thinking' part without data", { type: 'redacted-thinking' }],
    ['a tool call without an id', { type: 'tool-call', id: '', name: 'echo', input: {} }],
    ['a tool call without an id', { type: 'tool-call', id: 7, name: 'echo', input: {} }],
    ['a tool call (a) without a name', { type: 'tool-call', id: 'a', name: '', input: {} }],
    ['a tool call (a) whose input is not a JSON value', { type: 'tool-call', id: 'a', name: 'echo' }],
    [
      'a tool call (a) whose input is not a JSON value',
      { type: 'tool-call', id: 'a', name: 'echo', input: () => 1 },
    ],
    [
      'a tool call (a) whose input is not a JSON value',
      { type: 'tool-call', id: 'a', name: 'echo', input: Symbol('x') },
    ],
    [
      'a tool call (a) whose input is not a JSON value',
      { type: 'tool-call', id: 'a', name: 'echo', input: 1n },
    ],
    ['a finish part without a finish reason', { type: 'finish', usage }],
    ['a finish part without usage', { type: 'finish', finishReason: 'end', usage: null }],
    ['a finish part without usage', { type: 'finish', finishReason: 'end', usage: 3 }],
    [
      'a finish part whose usage has no inputTokens and outputTokens',
      { type: 'finish', finishReason: 'end', usage: { inputTokens: 1 } },
    ],
    [
      'a finish part whose usage has no inputTokens and outputTokens',
      { type: 'finish', finishReason: 'end', usage: { outputTokens: 1 } },
    ],
    [
      'a finish part whose usage counts inputTokens as NaN, not a number of at least 0',
      { type: 'finish', finishReason: 'end', usage: { inputTokens: Number.NaN, outputTokens: 1 } },
    ],
    [
      'a finish part whose usage counts outputTokens as -3, not a number of at least 0',
      { type: 'finish', finishReason: 'end', usage: { inputTokens: 1, outputTokens: -3 } },
    ],
    [
      'a finish part whose usage counts inputTokens as Infinity, not a number of at least 0',
      { type: 'finish', finishReason: 'end', usage: { inputTokens: Infinity, outputTokens: 1 } },
    ],
    [
      'a finish part whose usage counts cacheReadTokens as "5", not a number of at least 0',
      {
        type: 'finish',
        finishReason: 'end',
        usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: '5' },
      },
    ],
    [
      'a finish part whose usage counts cacheWriteTokens as null, not a number of at least 0',
      {
        type: 'finish',
        finishReason: 'end',
        usage: { inputTokens: 1, outputTokens: 1, cacheWriteTokens: null },
      },
    ],
    [
      'a finish part whose usage counts reasoningTokens as true, not a number of at least 0',
      {
        type: 'finish',
        finishReason: 'end',
        usage: { inputTokens: 1, outputTokens: 1, reasoningTokens: true },
      },
    ],
    [
      'a finish part whose usage counts reasoningTokens as object, not a number of at least 0',
      {
        type: 'finish',
        finishReason: 'end',
        usage: { inputTokens: 1, outputTokens: 1, reasoningTokens: {} },
      },
    ],
    [
      'a finish part whose usage counts inputTokens as "12", not a number of at least 0',
      { type: 'finish', finishReason: 'end', usage: { inputTokens: '12', outputTokens: 1 } },
    ],
    ['a stream part that cannot be read', unreadable],
  ])('%s', async (what, part) => {
    const result = await runToolLoop({ model: modelStreaming(part), prompt: 'Q' }).result;

    expect(result.stopReason).toBe('model_error');
    expect(result.error?.message).toBe(`The custom model odd sent ${what}.`);
  });

  it.each<[string, unknown]>([
    ['a tool call whose input is null', { type: 'tool-call', id: 'a', name: 'echo', input: null }],
    ['a tool call whose input is text', { type: 'tool-call', id: 'a', name: 'echo', input: 'x' }],
    ['redacted thinking with its data', { type: 'redacted-thinking', data: 'opaque' }],
    ['a warning', { type: 'warning', code: 'note', message: 'Just so you know.' }],
    [
      'a finish with every count of usage',
      {
        type: 'finish',
        finishReason: 'end',
        usage: {
          inputTokens: 0,
          outputTokens: 2,
          cacheReadTokens: 3,
          cacheWriteTokens: 0,
          reasoningTokens: 1,
        },
      },
    ],
  ])('%s is well formed', async (_case, part) => {
    const result = await runToolLoop({ model: modelStreaming(part), prompt: 'Q', maxIterations: 1 }).result;

    expect(result.stopReason).not.toBe('model_error');
  });
});
