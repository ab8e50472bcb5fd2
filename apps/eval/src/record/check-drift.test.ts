import { describe, expect, it } from 'vitest';
import { checkDrift } from './check-drift.js';
import type { RecordedModelRequest } from './recording.js';

const body = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] };
const recordedOn = (path: string): RecordedModelRequest[] => [{ method: 'POST', path, headers: {}, body }];
const drift = (recorded: RecordedModelRequest[], sent: Array<{ path: string; body: typeof body }>) =>
  checkDrift({ recorded, sent, path: 'turns[0]', bodyFields: [] }).map(
    ({ message, expected, actual, kind }) => ({
      message,
      expected,
      actual,
      kind,
    }),
  );

describe('checkDrift by path', () => {
  it.each([
    {
      wire: 'gemini',
      recorded: '/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse',
      sent: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    },
    {
      wire: 'bedrock',
      recorded: '/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream',
      sent: '/model/us.anthropic.claude-haiku-4-5-20251001-v1%3A0/converse-stream',
    },
  ])('a $wire request that names another model in its path drifts, with both paths', ({ recorded, sent }) => {
    const recordedPath = recorded.split('?')[0];
    expect(drift(recordedOn(recorded), [{ path: sent, body }])).toEqual([
      {
        message: `model request 1 of the turn went to ${sent}; the recorded one went to ${recordedPath} (the agent changed its model or endpoint, or the recording is stale); re-record with --update`,
        expected: recordedPath,
        actual: sent,
        kind: 'drift',
      },
    ]);
  });

  it('a request to the recorded path with the recorded body does not drift (the query string is not compared)', () => {
    const path = '/v1beta/models/gemini-3-pro-preview:streamGenerateContent';
    expect(drift(recordedOn(`${path}?alt=sse`), [{ path, body }])).toEqual([]);
  });

  it('a request to the recorded path with another body drifts by its body', () => {
    const path = '/api/chat';
    const changed = { contents: [{ role: 'user', parts: [{ text: 'Hello' }] }] };
    expect(drift(recordedOn(path), [{ path, body: changed }])).toEqual([
      {
        message:
          'model request 1 of the turn differs from the recording (the agent changed, or the recording is stale); re-record with --update',
        expected: body,
        actual: changed,
        kind: 'drift',
      },
    ]);
  });
});
