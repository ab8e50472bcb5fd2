import { describe, expect, it } from 'vitest';
import type { Recording } from './recording.js';
import { buildRecording } from './test-support/build-recording.js';
import { toReplaySteps } from './to-replay-steps.js';

/** A recording whose one request was answered with an HTTP 429 whose body is `body`. */
function answeredWith(body: string): Recording {
  const recording = buildRecording();
  return {
    ...recording,
    turns: recording.turns.map((turn) => ({
      ...turn,
      models: turn.models.map((exchange) => ({
        ...exchange,
        response: { type: 'error', status: 429, headers: { 'retry-after': '2' }, body },
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
      step: { status: 429, message: 'the message', retryAfter: 2 },
    },
    {
      api: 'Ollama',
      body: '{"error":"the message"}',
      step: { status: 429, message: 'the message', retryAfter: 2 },
    },
    { api: 'a proxy', body: 'the message', step: { status: 429, message: 'the message', retryAfter: 2 } },
  ])("answers again with the status and the message of $api's error body", ({ body, step }) => {
    expect(toReplaySteps({ recording: answeredWith(body), directory: '/recording' })).toEqual([
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
