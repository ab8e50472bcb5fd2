import { describe, expect, it } from 'vitest';
import type { Recording } from './recording.js';
import { buildRecording } from './test-support/build-recording.js';
import { toReplaySteps } from './to-replay-steps.js';

/** A recording whose one request was answered with an HTTP 429 with `body` and `headers`. */
function answeredWith({ body, headers = {} }: { body: string; headers?: Record<string, string> }): Recording {
  const recording = buildRecording();
  return {
    ...recording,
    turns: recording.turns.map((turn) => ({
      ...turn,
      models: turn.models.map((exchange) => ({
        ...exchange,
        response: { type: 'error', status: 429, headers: { 'retry-after': '2', ...headers }, body },
      })),
    })),
  };
}

describe('toReplaySteps of a recorded error', () => {
  // The bodies' shapes are each API's; their words are this test's own.
  it.each([
    {
      api: 'the Messages API',
      body: '{"type":"error","error":{"type":"rate_limit_error","message":"the message"}}',
      step: { status: 429, type: 'rate_limit_error', message: 'the message', retryAfter: 2 },
    },
    {
      api: 'Gemini',
      body: '{"error":{"code":429,"message":"the message","status":"RESOURCE_EXHAUSTED"}}',
      step: { status: 429, message: 'the message', retryAfter: 2 },
    },
    {
      api: 'Bedrock',
      body: '{"message":"the message"}',
      headers: {
        'x-amzn-errortype': 'ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/',
      },
      step: { status: 429, type: 'ThrottlingException', message: 'the message', retryAfter: 2 },
    },
    {
      api: 'Ollama',
      body: '{"error":"the message"}',
      step: { status: 429, message: 'the message', retryAfter: 2 },
    },
    { api: 'a proxy', body: 'the message', step: { status: 429, message: 'the message', retryAfter: 2 } },
  ])('answers an error body of $api again with its status, type and message', ({ body, headers, step }) => {
    expect(toReplaySteps({ recording: answeredWith({ body, headers }), directory: '/recording' })).toEqual([
      { error: step },
    ]);
  });

  it.each([
    { contentType: 'text/event-stream; charset=utf-8', file: 'model-1.response.sse' },
    { contentType: 'application/x-ndjson', file: 'model-1.response.ndjson' },
    { contentType: 'application/vnd.amazon.eventstream', file: 'model-1.response.bin' },
  ])("replays a $contentType stream from its file in the recording's directory", ({ contentType, file }) => {
    const recording = buildRecording();
    const streamed: Recording = {
      ...recording,
      turns: recording.turns.map((turn) => ({
        ...turn,
        models: turn.models.map((exchange) => ({
          ...exchange,
          response: { type: 'stream', status: 200, contentType, body: Buffer.from('') },
        })),
      })),
    };
    expect(toReplaySteps({ recording: streamed, directory: '/recording' })).toEqual([
      { replay: `/recording/turn-1/${file}` },
    ]);
  });
});
