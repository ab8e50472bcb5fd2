import { describe, expect, it } from 'vitest';
import { collectStream, createModelRequest } from '../../test/support/collect-stream.js';
import { createEventStreamResponse, readAnthropicFixture } from '../../test/support/anthropic-wire.js';
import { testBaseURL, useAnthropicTestServer } from '../../test/support/anthropic-test-server.js';
import { anthropic } from './anthropic.js';

const { answer } = useAnthropicTestServer();

/** Serves one recorded stream, byte for byte, to the real SDK through the provider, and collects the parts. */
async function streamFixture(fileName: string, chunkSize = 64) {
  answer([() => createEventStreamResponse({ bytes: readAnthropicFixture(fileName), chunkSize })]);
  const model = anthropic({
    model: 'claude-haiku-4-5',
    apiKey: 'test-key',
    baseURL: testBaseURL,
    maxRetries: 0,
  });
  return collectStream({ model, request: createModelRequest() });
}

describe('recorded Anthropic streams', () => {
  it('parses plain text with its usage (anthropic-text)', async () => {
    expect(await streamFixture('anthropic-text.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "text": "Hello",
            "type": "text-delta",
          },
          {
            "text": "! I",
            "type": "text-delta",
          },
          {
            "text": "'m doing well, thank you for asking",
            "type": "text-delta",
          },
          {
            "text": ". How are you doing today?",
            "type": "text-delta",
          },
          {
            "text": " Is",
            "type": "text-delta",
          },
          {
            "text": " there anything I can help you with?",
            "type": "text-delta",
          },
          {
            "text": "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
            "type": "text",
          },
          {
            "finishReason": "end",
            "providerData": {
              "messageId": "msg_01QC4g3HwBThD4BaNtBckFDJ",
            },
            "rawFinishReason": "end_turn",
            "type": "finish",
            "usage": {
              "cacheReadTokens": 0,
              "cacheWriteTokens": 0,
              "inputTokens": 12,
              "outputTokens": 30,
            },
          },
        ],
      }
    `);
  });

  it('parses the SDK basic response with a spaced ping (sdk-basic_response)', async () => {
    expect(await streamFixture('sdk-basic_response.sse', 7)).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "text": "Hello",
            "type": "text-delta",
          },
          {
            "text": " there",
            "type": "text-delta",
          },
          {
            "text": "!",
            "type": "text-delta",
          },
          {
            "text": "Hello there!",
            "type": "text",
          },
          {
            "finishReason": "end",
            "providerData": {
              "messageId": "msg_4QpJur2dWWDjF6C758FbBw5vm12BaVipnK",
            },
            "rawFinishReason": "end_turn",
            "type": "finish",
            "usage": {
              "inputTokens": 11,
              "outputTokens": 6,
            },
          },
        ],
      }
    `);
  });

  it('parses thinking with its signature, skipping the empty last delta (anthropic-clear-thinking)', async () => {
    expect(await streamFixture('anthropic-clear-thinking.1.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "text": "The previous",
            "type": "thinking-delta",
          },
          {
            "text": " result",
            "type": "thinking-delta",
          },
          {
            "text": " was",
            "type": "thinking-delta",
          },
          {
            "text": " 925.",
            "type": "thinking-delta",
          },
          {
            "text": " Now",
            "type": "thinking-delta",
          },
          {
            "text": " I need to divide that",
            "type": "thinking-delta",
          },
          {
            "text": " by 5.

      925",
            "type": "thinking-delta",
          },
          {
            "text": " ÷ 5 ",
            "type": "thinking-delta",
          },
          {
            "text": "= 185",
            "type": "thinking-delta",
          },
          {
            "providerData": {
              "signature": "EvQBCkYICxgCKkAxhD4NUKFzudtZ6NzbZdEiBACIScTzqjPViM596iWLZIk4EFKYYBj3B6Ptl3b0dcQv/VeJBNbejNWIWRBn+KPNEgz6HWtKx7p+QRgKsEoaDGjsiqfht7gTRFYHiyIwD1VSmNqHxv3wy8KEMP+LYb/TC4UH3H97tuoaADARFFcA0phdfxnzKQxFnc9lwY+dKlzUsaKSUAFeu1bDL5ikZJ1vL0Fkz6JjoFke0L/wOJRIUDUlDUOFJ1tZ3ea7g6LGE/5hwuvWgLwewdcm64d+43l7F57XrOmqNd6flI2K/oPr/4yzNgvi/EhT6Ca17BgB",
            },
            "text": "The previous result was 925. Now I need to divide that by 5.

      925 ÷ 5 = 185",
            "type": "thinking",
          },
          {
            "text": "925",
            "type": "text-delta",
          },
          {
            "text": " ÷ 5 ",
            "type": "text-delta",
          },
          {
            "text": "= 185",
            "type": "text-delta",
          },
          {
            "text": "925 ÷ 5 = 185",
            "type": "text",
          },
          {
            "finishReason": "end",
            "providerData": {
              "messageId": "msg_01Y6V41gqPaKWEw7iPouH7iW",
            },
            "rawFinishReason": "end_turn",
            "type": "finish",
            "usage": {
              "cacheReadTokens": 0,
              "cacheWriteTokens": 0,
              "inputTokens": 69,
              "outputTokens": 53,
            },
          },
        ],
      }
    `);
  });

  it('parses long thinking and text split into 5-byte reads (anthropic-combined-context-editing)', async () => {
    const { parts, error } = await streamFixture('anthropic-combined-context-editing.1.chunks.jsonl', 5);
    expect(error).toBeUndefined();
    expect(parts.filter((part) => part.type === 'thinking' || part.type === 'text' || part.type === 'finish'))
      .toMatchInlineSnapshot(`
      [
        {
          "providerData": {
            "signature": "EtQFCkYICxgCKkC6mX3q5F227lNUFReMQGWY0Vfr33jLdTeIs1jqrtSjwH4/huGliPEyYr9Kd15UJIm2Q3ipEDQ6NhUekxB7abI7EgwKlrwtZBC++WweHhgaDOgbW3U6fApUIw4+giIwm+fYdm9TieL8tP1Y4GBm+m9zBx9+qQ9Xckf88ffwm++E8YNOcLA0sTuPgjncKYvaKrsEo07f77Oxcr+CpnvDNskXfJgIQ6DCb1GM8nk5XPVJIA7Jq0HpEDnJesayPHQyRk7vrld8uEaRypFSYQBN71l5+BvXe5DZHH7Y6Ckoz1JDXpWIl2HBkNbTFDXn/tY93SKmHWWnCJ9j7RIgih/1NurD2v4wUAhrfbOeCY36LVhf3fgjqzUR3fS6hyDrlp5huG8AgC+bIwdFin0BCXcSnYec66p+9a6LjfzkAjKXU19fvNQ/wCSsrKCyGRriZy9J98kjvRtaSPEB07ac7DSxkMxRry7xLCn4nn0oiJvtxa9UFQ/lt+e3O6CWG42Ig9he3TWIkN3fDzrk49outY+MXYMf4xEzcVGEcVLpwZPyu+aXAw2b6rpYokwQi5N5Mk1Vln5rXqd3KP/5ahpGSMARCOG31YuX6kXkBbUyPZiF2FK7ON9cGcul9nquLTxreRmCg+RjW/62BnUwZuJk8ZVJgw0O8wshb7aBS2cWPYnRnm102FczkdqRmNuGJwfBOTSO3X9o6IagtLHllfu/O7wIjMO7YZQvAIdPoN6I3wkbvMBXEYk+13pBMLqZkGwNm8Nxicb89jFsZ6nsQwPfXOcdu/Wen+KYx6eW62t3njuhhVP6IHecHVfmpwVhj/fhVN0l0O96jvnNJTFskmwyF4U1Gz0Yjfa8blVFdtSXMeASEN9czLyEJT3AL4Ohlr5l+DNfKuAKxydbiy7BaP496x+QYAJNY/344mwcBxaHJz2t8J3rvpBVlXj4yujmnFM+nBgB",
          },
          "text": "I need to calculate 25 * 37 step by step.

      Let me break this down using the distribution method:

      25 * 37 = 25 * (30 + 7)
             = (25 * 30) + (25 * 7)

      First, let me calculate 25 * 30:
      25 * 30 = 25 * 3 * 10
             = 75 * 10
             = 750

      Next, let me calculate 25 * 7:
      25 * 7 = (20 + 5) * 7
             = (20 * 7) + (5 * 7)
             = 140 + 35
             = 175

      Now I add them together:
      750 + 175 = 925

      Let me verify this another way:
      25 * 37 = 25 * 37

      Using the standard algorithm:
          37
        × 25
        ----
         185  (37 × 5)
        740   (37 × 20)
        ----
        925

      Yes, 25 * 37 = 925",
          "type": "thinking",
        },
        {
          "text": "# 25 × 37

      Let me break this down step by step:

      ## Method: Break 37 into 30 + 7

      **25 × 37 = 25 × (30 + 7)**

      ### Step 1: Calculate 25 × 30
      - 25 × 30 = 25 × 3 × 10
      - 25 × 3 = 75
      - 75 × 10 = **750**

      ### Step 2: Calculate 25 × 7
      - 25 × 7 = 175
        - (25 × 7 = 20×7 + 5×7 = 140 + 35 = 175)

      ### Step 3: Add the results
      750 + 175 = **925**

      **Answer: 25 × 37 = 925**",
          "type": "text",
        },
        {
          "finishReason": "end",
          "providerData": {
            "messageId": "msg_01PoSBRrThzwjVTnbyHtYKyo",
          },
          "rawFinishReason": "end_turn",
          "type": "finish",
          "usage": {
            "cacheReadTokens": 0,
            "cacheWriteTokens": 0,
            "inputTokens": 50,
            "outputTokens": 485,
          },
        },
      ]
    `);
  });

  it('parses a tool call split mid-token with pings between deltas (anthropic-json-tool.1)', async () => {
    expect(await streamFixture('anthropic-json-tool.1.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "id": "toolu_01KFbKqPYSuAKujiL6mTfzYA",
            "input": {
              "elements": [
                {
                  "condition": "sunny",
                  "location": "San Francisco",
                  "temperature": 58,
                },
              ],
            },
            "name": "json",
            "type": "tool-call",
          },
          {
            "finishReason": "tool_calls",
            "providerData": {
              "messageId": "msg_01K2JbSUMYhez5RHoK9ZCj9U",
            },
            "rawFinishReason": "tool_use",
            "type": "finish",
            "usage": {
              "cacheReadTokens": 0,
              "cacheWriteTokens": 0,
              "inputTokens": 849,
              "outputTokens": 47,
            },
          },
        ],
      }
    `);
  });

  it('parses text then a tool call (anthropic-json-tool.2)', async () => {
    expect(await streamFixture('anthropic-json-tool.2.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "text": "I'll invoke",
            "type": "text-delta",
          },
          {
            "text": " the JSON response tool.",
            "type": "text-delta",
          },
          {
            "text": "I'll invoke the JSON response tool.",
            "type": "text",
          },
          {
            "id": "toolu_01KFbKqPYSuAKujiL6mTfzYA",
            "input": {
              "elements": [
                {
                  "condition": "sunny",
                  "location": "San Francisco",
                  "temperature": 58,
                },
              ],
            },
            "name": "json",
            "type": "tool-call",
          },
          {
            "finishReason": "tool_calls",
            "providerData": {
              "messageId": "msg_01K2JbSUMYhez5RHoK9ZCj9U",
            },
            "rawFinishReason": "tool_use",
            "type": "finish",
            "usage": {
              "cacheReadTokens": 0,
              "cacheWriteTokens": 0,
              "inputTokens": 849,
              "outputTokens": 47,
            },
          },
        ],
      }
    `);
  });

  it('parses a tool call between many pings (anthropic-json-other-tool.1)', async () => {
    expect(await streamFixture('anthropic-json-other-tool.1.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "id": "toolu_019Zvehfe1XQWweT1pm7okyt",
            "input": {
              "location": "San Francisco",
            },
            "name": "weather",
            "type": "tool-call",
          },
          {
            "finishReason": "tool_calls",
            "providerData": {
              "messageId": "msg_01CD3XaZfhNabxRt1SG5ybtK",
            },
            "rawFinishReason": "tool_use",
            "type": "finish",
            "usage": {
              "cacheReadTokens": 0,
              "cacheWriteTokens": 0,
              "inputTokens": 843,
              "outputTokens": 28,
            },
          },
        ],
      }
    `);
  });

  it('reads a tool call whose only delta is empty as {} (anthropic-tool-no-args)', async () => {
    expect(await streamFixture('anthropic-tool-no-args.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "text": "I'll update the issue list for",
            "type": "text-delta",
          },
          {
            "text": " you.",
            "type": "text-delta",
          },
          {
            "text": "I'll update the issue list for you.",
            "type": "text",
          },
          {
            "id": "toolu_01QE1WLsSVp5hy5Q3GmGTmjP",
            "input": {},
            "name": "updateIssueList",
            "type": "tool-call",
          },
          {
            "finishReason": "tool_calls",
            "providerData": {
              "messageId": "msg_01GE2RKp1VYsPzdFs3sS9z5S",
            },
            "rawFinishReason": "tool_use",
            "type": "finish",
            "usage": {
              "cacheReadTokens": 0,
              "cacheWriteTokens": 0,
              "inputTokens": 565,
              "outputTokens": 48,
            },
          },
        ],
      }
    `);
  });

  it('parses the SDK tool-use response with full framing (sdk-tool_use_response)', async () => {
    expect(await streamFixture('sdk-tool_use_response.sse')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "text": "I",
            "type": "text-delta",
          },
          {
            "text": "'ll check the current weather in Paris for you.",
            "type": "text-delta",
          },
          {
            "text": "I'll check the current weather in Paris for you.",
            "type": "text",
          },
          {
            "id": "toolu_01NRLabsLyVHZPKxbKvkfSMn",
            "input": {
              "location": "Paris",
            },
            "name": "get_weather",
            "type": "tool-call",
          },
          {
            "finishReason": "tool_calls",
            "providerData": {
              "messageId": "msg_019Q1hrJbZG26Fb9BQhrkHEr",
            },
            "rawFinishReason": "tool_use",
            "type": "finish",
            "usage": {
              "cacheReadTokens": 0,
              "cacheWriteTokens": 0,
              "inputTokens": 377,
              "outputTokens": 65,
            },
          },
        ],
      }
    `);
  });

  it('takes input_tokens from message_delta when it updates them (anthropic-message-delta-input-tokens)', async () => {
    expect(await streamFixture('anthropic-message-delta-input-tokens.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "text": "p",
            "type": "text-delta",
          },
          {
            "text": "ong",
            "type": "text-delta",
          },
          {
            "text": "pong",
            "type": "text",
          },
          {
            "finishReason": "end",
            "providerData": {
              "messageId": "msg_3196a1cc08de4d76b85b8f5777c0d42b",
            },
            "rawFinishReason": "end_turn",
            "type": "finish",
            "usage": {
              "inputTokens": 61,
              "outputTokens": 2,
            },
          },
        ],
      }
    `);
  });

  it('reports a refusal without any content (anthropic-refusal)', async () => {
    expect(await streamFixture('anthropic-refusal.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "finishReason": "refusal",
            "providerData": {
              "messageId": "msg_01RefusalStreamAbcdefghijk",
              "stopDetails": {
                "category": "cyber",
                "explanation": "This request triggered restrictions on violative cyber content and was blocked under Anthropic's Usage Policy.",
                "recommended_model": "claude-fable-5",
                "type": "refusal",
              },
            },
            "rawFinishReason": "refusal",
            "type": "finish",
            "usage": {
              "cacheReadTokens": 0,
              "cacheWriteTokens": 0,
              "inputTokens": 18,
              "outputTokens": 5,
            },
          },
        ],
      }
    `);
  });

  it('drops server-tool blocks with warnings (anthropic-advisor-stop-reasons)', async () => {
    expect(await streamFixture('anthropic-advisor-stop-reasons.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "code": "unsupported_content_block",
            "message": "The response held a 'server_tool_use' block, which toolloop does not support; it was left out of the transcript.",
            "type": "warning",
          },
          {
            "code": "unsupported_content_block",
            "message": "The response held a 'advisor_tool_result' block, which toolloop does not support; it was left out of the transcript.",
            "type": "warning",
          },
          {
            "code": "unsupported_content_block",
            "message": "The response held a 'server_tool_use' block, which toolloop does not support; it was left out of the transcript.",
            "type": "warning",
          },
          {
            "code": "unsupported_content_block",
            "message": "The response held a 'advisor_tool_result' block, which toolloop does not support; it was left out of the transcript.",
            "type": "warning",
          },
          {
            "finishReason": "end",
            "providerData": {
              "messageId": "msg_advisor_stop_reasons",
            },
            "rawFinishReason": "end_turn",
            "type": "finish",
            "usage": {
              "cacheReadTokens": 0,
              "cacheWriteTokens": 0,
              "inputTokens": 10,
              "outputTokens": 20,
            },
          },
        ],
      }
    `);
  });

  it('never emits a tool call cut off by max_tokens mid-arguments (sdk-incomplete_partial_json_response)', async () => {
    const { parts, error } = await streamFixture('sdk-incomplete_partial_json_response.sse');
    expect(error).toBeUndefined();
    expect(parts.some((part) => part.type === 'tool-call')).toBe(false);
    expect(parts.filter((part) => part.type !== 'text-delta')).toMatchInlineSnapshot(`
      [
        {
          "text": "I'll create a comprehensive tax guide for someone with multiple W2s and save it in a file called taxes.txt. Let me do that for you now.",
          "type": "text",
        },
        {
          "code": "incomplete_tool_call",
          "message": "The response ended before the arguments of tool call 'make_file' (toolu_01EKqbqmZrGRXy18eN7m9kvY) were complete; the call was dropped and will not run.",
          "type": "warning",
        },
        {
          "finishReason": "max_tokens",
          "providerData": {
            "messageId": "msg_01UdjYBBipA9omjYhicnevgq",
          },
          "rawFinishReason": "max_tokens",
          "type": "finish",
          "usage": {
            "cacheReadTokens": 0,
            "cacheWriteTokens": 0,
            "inputTokens": 450,
            "outputTokens": 124,
          },
        },
      ]
    `);
  });

  it('echoes two redacted thinking blocks and reads padded JSON (pydantic-redacted-thinking)', async () => {
    const { parts, error } = await streamFixture('pydantic-redacted-thinking.sse');
    expect(error).toBeUndefined();
    expect(parts.filter((part) => part.type !== 'text-delta')).toMatchInlineSnapshot(`
      [
        {
          "data": "EqkECkYIBxgCKkA8AZ4noDfV5VcOJe/p3JTRB6Xz5297mrWhl3MbHSXDKTMfuB/Z52U2teiWWTN0gg4eQ4bGS9TPilFX/xWTIq9HEgyOmstSPriNwyn1G7AaDC51r0hQ062qEd55IiIwYQj3Z3MSBBv0bSVdXi60LEHDvC7tzzmpQfw5Hb6R9rtyOz/6vC/xPw9/E1mUqfBqKpADO2HS2QlE/CnuzR901nZOn0TOw7kEXwH7kg30c85b9W7iKALgEejY9sELMBdPyIZNlTgKqNOKtY3R/aV5rGIRPTHh2Wh9Ijmqsf/TT7i//Z+InaYTo6f/fxF8R0vFXMRPOBME4XIscb05HcNhh4c9FDkpqQGYKaq31IR1NNwPWA0BsvdDz7SIo1nfx4H+X0qKKqqegKnQ3ynaXiD5ydT1C4U7fku4ftgF0LGwIk4PwXBE+4BP0DcKr1HV3cn7YSyNakBSDTvRJMKcXW6hl7X3w2a4//sxjC1Cjq0uzkIHkhzRWirN0OSXt+g3m6b1ex0wGmSyuO17Ak6kgVBpxwPugtrqsflG0oujFem44hecXJ9LQNssPf4RSlcydiG8EXp/XLGTe0YfHbe3kJagkowSH/Dm6ErXBiVs7249brncyY8WA+7MOoqIM82YIU095B9frCqDJDUWnN84VwOszRrcaywmpJXZO4aeQLMC1kXD5Wabu+O/00tD/X67EWkkWuR0AhDIXXjpot45vnBd4ewJ/hgB",
          "type": "redacted-thinking",
        },
        {
          "data": "EtgBCkYIBxgCKkDQfGkwzflEJP5asG3oQfJXcTwJLoRznn8CmuczWCsJ36dv93X9H0NCeaJRbi5BrCA2DyMgFnRKRuzZx8VTv5axEgwkFmcHJk8BSiZMZRQaDDYv2KZPfbFgRa2QjyIwm47f5YYsSK9CT/oh/WWpU1HJJVHr8lrC6HG1ItRdtMvYQYmEGy+KhyfcIACfbssVKkDGv/NKqNMOAcu0bd66gJ2+R1R0PX11Jxn2Nd1JtZqkxx7vMT/PXtHDhm9jkDZ2k/6RjRRFuab/DBV3yRYdZ1J0GAE=",
          "type": "redacted-thinking",
        },
        {
          "text": "I notice that you've sent what appears to be some kind of test string or command. I don't have any special "magic string" triggers or backdoor commands that would expose internal systems or change my behavior.

      I'm Claude, an AI assistant created by Anthropic to be helpful, harmless, and honest. How can I assist you today with a legitimate task or question?",
          "type": "text",
        },
        {
          "finishReason": "end",
          "providerData": {
            "messageId": "msg_018XZkwvj9asBiffg3fXt88s",
          },
          "rawFinishReason": "end_turn",
          "type": "finish",
          "usage": {
            "cacheReadTokens": 0,
            "cacheWriteTokens": 0,
            "inputTokens": 92,
            "outputTokens": 189,
          },
        },
      ]
    `);
  });

  it('ignores a duplicated message_start of the same message (duplicate-message-start)', async () => {
    expect(await streamFixture('duplicate-message-start.chunks.jsonl')).toMatchInlineSnapshot(`
      {
        "parts": [
          {
            "text": "Hello, World!",
            "type": "text-delta",
          },
          {
            "text": "Hello, World!",
            "type": "text",
          },
          {
            "finishReason": "end",
            "providerData": {
              "messageId": "msg_dup",
            },
            "rawFinishReason": "end_turn",
            "type": "finish",
            "usage": {
              "inputTokens": 17,
              "outputTokens": 227,
            },
          },
        ],
      }
    `);
  });

  it('fails a stream where another message starts mid-response, without its tool call (spliced-message-start)', async () => {
    const { parts, error } = await streamFixture('spliced-message-start.chunks.jsonl');
    expect(parts.some((part) => part.type === 'tool-call' || part.type === 'finish')).toBe(false);
    expect(error).toMatchObject({
      name: 'ModelError',
      retryable: true,
      errorType: 'invalid_stream',
      provider: 'anthropic',
    });
    expect((error as Error).message).toMatchInlineSnapshot(
      `"The Anthropic stream started message msg_second before message msg_first ended: two responses were spliced together. Try the request again."`,
    );
  });
});
