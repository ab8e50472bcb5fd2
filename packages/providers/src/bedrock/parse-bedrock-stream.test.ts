import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModelStreamErrorException, type ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import { ModelError, type ModelStreamPart } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { parseBedrockStream } from './parse-bedrock-stream.js';

const fixtures = join(import.meta.dirname, '../../test/fixtures/bedrock');

/** A recording's events, as the AWS SDK yields them once it has decoded the event stream. */
function readEvents(name: string): ConverseStreamOutput[] {
  return readFileSync(join(fixtures, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ConverseStreamOutput);
}

async function* toAsync<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield await Promise.resolve(item);
}

async function parse(
  events: readonly ConverseStreamOutput[],
): Promise<{ parts: ModelStreamPart[]; error?: unknown }> {
  const parts: ModelStreamPart[] = [];
  try {
    for await (const part of parseBedrockStream({
      events: toAsync(events),
      signal: new AbortController().signal,
      modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    })) {
      parts.push(part);
    }
  } catch (error) {
    return { parts, error };
  }
  return { parts };
}

const whole = (parts: ModelStreamPart[]) =>
  parts.filter((part) => part.type !== 'text-delta' && part.type !== 'thinking-delta');

describe('parseBedrockStream on the recordings', () => {
  it('keeps the reasoning with its signature, then the text, then the finish with usage', async () => {
    const { parts, error } = await parse(readEvents('amazon-bedrock-reasoning.chunks.jsonl'));
    expect(error).toBeUndefined();
    const thinking =
      'Let me count the r\'s in "strawberry":\n\ns-t-r-a-w-b-e-r-r-y\n\nr appears at positions 3, 8, and 9.\n\nSo there are 3 r\'s.';
    expect(whole(parts)).toEqual([
      {
        type: 'thinking',
        text: thinking,
        providerData: { signature: expect.stringMatching(/^Ep0CCkgICxAB/u) as unknown },
      },
      { type: 'text', text: 'There are **3** r\'s in "strawberry":\n\n1. st**r**awbe**r****r**y' },
      {
        type: 'finish',
        finishReason: 'end',
        rawFinishReason: 'end_turn',
        usage: { inputTokens: 51, outputTokens: 94 },
      },
    ]);
    expect(
      parts
        .filter((part) => part.type === 'thinking-delta')
        .map((part) => part.text)
        .join(''),
    ).toBe(thinking);
  });

  it('reads a tool call whose input came in two deltas, usage before messageStop', async () => {
    const { parts } = await parse(readEvents('amazon-bedrock-tool-call.1.chunks.jsonl'));
    expect(whole(parts)).toEqual([
      { type: 'tool-call', id: 'tool-use-id', name: 'test-tool', input: { value: 'Sparkle Day' } },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        rawFinishReason: 'tool_use',
        usage: { inputTokens: 125, outputTokens: 45 },
      },
    ]);
  });

  it('reads text opened by an empty start, and a call with no input as {}', async () => {
    const { parts } = await parse(readEvents('amazon-bedrock-tool-no-args.chunks.jsonl'));
    expect(whole(parts).slice(0, 2)).toEqual([
      { type: 'text', text: "I'll update the issue list for you." },
      { type: 'tool-call', id: 'tool-use-id', name: 'updateIssueList', input: {} },
    ]);
  });

  it('finishes with no usage when the stream reports none', async () => {
    const { parts } = await parse(readEvents('amazon-bedrock-json-tool.1.chunks.jsonl'));
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_use',
      usage: { inputTokens: 0, outputTokens: 0 },
    });
  });
});

describe('parseBedrockStream', () => {
  it('turns redacted reasoning into redacted thinking, its bytes in base64', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    const { parts } = await parse([
      {
        contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { redactedContent: bytes } } },
      },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { messageStop: { stopReason: 'end_turn' } },
    ]);
    expect(parts[0]).toEqual({ type: 'redacted-thinking', data: Buffer.from(bytes).toString('base64') });
  });

  it('reports cache reads and writes apart from the input tokens', async () => {
    const { parts } = await parse([
      { messageStop: { stopReason: 'end_turn' } },
      {
        metadata: {
          usage: {
            inputTokens: 10,
            outputTokens: 5,
            totalTokens: 1515,
            cacheReadInputTokens: 1000,
            cacheWriteInputTokens: 500,
          },
          metrics: { latencyMs: 1 },
        },
      },
    ]);
    expect(parts.at(-1)).toMatchObject({
      usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 1000, cacheWriteTokens: 500 },
    });
  });

  it.each([
    ['max_tokens', 'max_tokens'],
    ['stop_sequence', 'stop_sequence'],
    ['guardrail_intervened', 'refusal'],
    ['content_filtered', 'refusal'],
    ['model_context_window_exceeded', 'context_window_exceeded'],
    ['malformed_tool_use', 'other'],
  ])('maps the stop reason %s to %s', async (stopReason, finishReason) => {
    const { parts } = await parse([{ messageStop: { stopReason: stopReason as 'max_tokens' } }]);
    expect(parts.at(-1)).toMatchObject({ finishReason, rawFinishReason: stopReason });
  });

  it('fails retryably when the stream ends before messageStop', async () => {
    const { error } = await parse(readEvents('amazon-bedrock-text.chunks.jsonl').slice(0, 5));
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ retryable: true, errorType: 'incomplete_stream' });
  });

  it('throws an exception event as an error of its name', async () => {
    const exception = new ModelStreamErrorException({ message: 'The model stream failed.', $metadata: {} });
    const { error } = await parse([
      { messageStart: { role: 'assistant' } },
      { modelStreamErrorException: exception },
    ]);
    expect(error).toMatchObject({ name: 'ModelStreamErrorException', message: 'The model stream failed.' });
  });
});
