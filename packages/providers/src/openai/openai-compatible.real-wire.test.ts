import type { ModelStreamPart } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { createEventStreamResponse } from '../../test/support/anthropic-wire.js';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { openaiTestBaseURL, useOpenAITestServer } from '../../test/support/openai-test-server.js';
import { readOpenAIFixture } from '../../test/support/openai-wire.js';
import { openaiCompatible } from './openai-compatible.js';

const { answer } = useOpenAITestServer();

/** Serves one recorded stream, byte for byte, to the real SDK through the provider, and collects the parts. */
async function streamFixture(fileName: string, chunkSize = 64) {
  answer([() => createEventStreamResponse({ bytes: readOpenAIFixture(fileName), chunkSize })]);
  const model = openaiCompatible({ baseURL: openaiTestBaseURL, model: 'test-model', maxRetries: 0 });
  return collectStream({ model, request: createModelRequest() });
}

/** The whole parts and the finish, without the display deltas. */
function wholeParts(parts: ModelStreamPart[]): ModelStreamPart[] {
  return parts.filter((part) => part.type !== 'text-delta' && part.type !== 'thinking-delta');
}

/** The deltas of one kind joined, to compare with the whole part. */
function joinDeltas(parts: ModelStreamPart[], type: 'text-delta' | 'thinking-delta'): string {
  return parts.map((part) => (part.type === type ? part.text : '')).join('');
}

describe('recorded OpenAI-compatible streams', () => {
  it('parses a tool call whose index starts at 1, after text (anthropic-fallback-tool-call)', async () => {
    expect(await streamFixture('anthropic-fallback-tool-call.sse', 7)).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "text": "Reading",
            "type": "text-delta",
          },
          {
            "text": " it.",
            "type": "text-delta",
          },
          {
            "text": "Reading it.",
            "type": "text",
          },
          {
            "id": "toolu_sanitized",
            "input": {
              "path": "a.txt",
            },
            "name": "read_file",
            "type": "tool-call",
          },
          {
            "finishReason": "tool_calls",
            "providerData": {
              "model": "claude-haiku-4-5-20251001",
              "responseId": "msg_sanitized",
            },
            "rawFinishReason": "tool_calls",
            "type": "finish",
            "usage": {
              "inputTokens": 0,
              "outputTokens": 0,
            },
          },
        ],
      }
    `);
  });

  it('parses whole arguments "{}" and usage from the finish chunk (groq-tool-call)', async () => {
    expect(await streamFixture('groq-tool-call.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "id": "tk85n1k4m",
            "input": {},
            "name": "weather",
            "type": "tool-call",
          },
          {
            "finishReason": "tool_calls",
            "providerData": {
              "model": "llama-3.3-70b-versatile",
              "responseId": "chatcmpl-b610d559-f156-4aca-8827-24b4fe6af54f",
            },
            "rawFinishReason": "tool_calls",
            "type": "finish",
            "usage": {
              "inputTokens": 210,
              "outputTokens": 15,
            },
          },
        ],
      }
    `);
  });

  it('parses a tool call without an index, finished in the same chunk (mistral-tool-call)', async () => {
    expect(await streamFixture('mistral-tool-call.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "id": "gSIMJiOkT",
            "input": {
              "location": "San Francisco",
            },
            "name": "weather",
            "type": "tool-call",
          },
          {
            "finishReason": "tool_calls",
            "providerData": {
              "model": "mistral-small-latest",
              "responseId": "b3999b8c93e04e11bcbff7bcab829667",
            },
            "rawFinishReason": "tool_calls",
            "type": "finish",
            "usage": {
              "inputTokens": 124,
              "outputTokens": 22,
            },
          },
        ],
      }
    `);
  });

  it('parses a continuation chunk with name "" (mistral-incremental-tool-call)', async () => {
    expect(await streamFixture('mistral-incremental-tool-call.chunks.jsonl', 5)).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "id": "chatcmpl-tool-9f149c74c42f265b",
            "input": {
              "query": "current Berlin weather",
            },
            "name": "webSearchTool",
            "type": "tool-call",
          },
          {
            "finishReason": "tool_calls",
            "providerData": {
              "model": "zai-glm-5-2",
              "responseId": "735e434874a24f68a2390b3cab149242",
            },
            "rawFinishReason": "tool_calls",
            "type": "finish",
            "usage": {
              "cacheReadTokens": 128,
              "inputTokens": 43,
              "outputTokens": 14,
            },
          },
        ],
      }
    `);
  });

  it('parses reasoning_content, then whole arguments, then a trailing usage chunk (xai-tool-call)', async () => {
    const { parts, error } = await streamFixture('xai-tool-call.chunks.jsonl');
    expect(error).toBeUndefined();
    const whole = wholeParts(parts);
    expect(joinDeltas(parts, 'thinking-delta')).toBe(
      whole[0]?.type === 'thinking' ? whole[0].text : undefined,
    );
    expect(
      whole.map((part) =>
        part.type === 'thinking' ? { ...part, text: `${part.text.slice(0, 60)}…` } : part,
      ),
    ).toMatchInlineSnapshot(`
      [
        {
          "providerData": {
            "field": "reasoning_content",
          },
          "text": "First, the user is asking about the weather in San Francisco…",
          "type": "thinking",
        },
        {
          "id": "call_79382389",
          "input": {
            "location": "San Francisco",
          },
          "name": "weather",
          "type": "tool-call",
        },
        {
          "finishReason": "tool_calls",
          "providerData": {
            "model": "grok-3-mini",
            "reasoningTokens": 227,
            "responseId": "7027d986-3c59-a37a-9a5f-50713e01c8a6",
          },
          "rawFinishReason": "tool_calls",
          "type": "finish",
          "usage": {
            "cacheReadTokens": 306,
            "inputTokens": 1,
            "outputTokens": 253,
            "reasoningTokens": 227,
          },
        },
      ]
    `);
  });

  it('parses reasoning_content, then argument fragments, usage in the finish chunk (deepseek-tool-call)', async () => {
    const { parts, error } = await streamFixture('deepseek-tool-call.chunks.jsonl', 13);
    expect(error).toBeUndefined();
    const whole = wholeParts(parts);
    expect(joinDeltas(parts, 'thinking-delta')).toBe(
      whole[0]?.type === 'thinking' ? whole[0].text : undefined,
    );
    expect(whole).toMatchInlineSnapshot(`
      [
        {
          "providerData": {
            "field": "reasoning_content",
          },
          "text": "The user is asking for the weather in San Francisco. I need to use the weather tool to get this information. Let me invoke the weather tool with the location parameter set to "San Francisco".",
          "type": "thinking",
        },
        {
          "id": "call_00_ioIn7yN9p1ZOMNpDLwd4MgAF",
          "input": {
            "location": "San Francisco",
          },
          "name": "weather",
          "type": "tool-call",
        },
        {
          "finishReason": "tool_calls",
          "providerData": {
            "model": "deepseek-reasoner",
            "reasoningTokens": 39,
            "responseId": "cca85624-4056-401f-b220-d77601d1f70d",
          },
          "rawFinishReason": "tool_calls",
          "type": "finish",
          "usage": {
            "cacheReadTokens": 320,
            "inputTokens": 19,
            "outputTokens": 83,
            "reasoningTokens": 39,
          },
        },
      ]
    `);
  });

  it('parses long reasoning, then the answer (deepseek-reasoning)', async () => {
    const { parts, error } = await streamFixture('deepseek-reasoning.chunks.jsonl');
    expect(error).toBeUndefined();
    const whole = wholeParts(parts);
    expect(whole.map((part) => part.type)).toEqual(['thinking', 'text', 'finish']);
    expect(joinDeltas(parts, 'thinking-delta')).toBe(
      whole[0]?.type === 'thinking' ? whole[0].text : undefined,
    );
    expect(joinDeltas(parts, 'text-delta')).toBe(whole[1]?.type === 'text' ? whole[1].text : undefined);
    expect(
      whole.map((part) =>
        part.type === 'thinking' || part.type === 'text'
          ? { ...part, text: `${part.text.slice(0, 60)}…` }
          : part,
      ),
    ).toMatchInlineSnapshot(`
      [
        {
          "providerData": {
            "field": "reasoning_content",
          },
          "text": "We need to count the number of the letter "r" in the word "s…",
          "type": "thinking",
        },
        {
          "text": "The word "strawberry" contains three "r"s.…",
          "type": "text",
        },
        {
          "finishReason": "end",
          "providerData": {
            "model": "deepseek-reasoner",
            "reasoningTokens": 205,
            "responseId": "cac7192e-e619-40c6-96b0-ed4276bc03ac",
          },
          "rawFinishReason": "stop",
          "type": "finish",
          "usage": {
            "cacheReadTokens": 0,
            "inputTokens": 18,
            "outputTokens": 219,
            "reasoningTokens": 205,
          },
        },
      ]
    `);
  });

  it('parses OpenAI text with obfuscation padding and a trailing usage chunk (openai-text)', async () => {
    const { parts, error } = await streamFixture('openai-text.chunks.jsonl', 3);
    expect(error).toBeUndefined();
    const whole = wholeParts(parts);
    expect(joinDeltas(parts, 'text-delta')).toBe(whole[0]?.type === 'text' ? whole[0].text : undefined);
    expect(
      whole.map((part) => (part.type === 'text' ? { ...part, text: `${part.text.slice(0, 60)}…` } : part)),
    ).toMatchInlineSnapshot(`
      [
        {
          "text": "**Holiday Name:** Harmony Day

      **Date:** Celebrated annually…",
          "type": "text",
        },
        {
          "finishReason": "end",
          "providerData": {
            "model": "gpt-4.1-nano-2025-04-14",
            "reasoningTokens": 0,
            "responseId": "chatcmpl-D8Z5oo6uDh67AD85p73ksdT1KxhE0",
          },
          "rawFinishReason": "stop",
          "type": "finish",
          "usage": {
            "cacheReadTokens": 0,
            "inputTokens": 16,
            "outputTokens": 300,
            "reasoningTokens": 0,
          },
        },
      ]
    `);
  });
});
