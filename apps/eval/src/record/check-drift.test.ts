import type { JsonValue } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { checkDrift } from './check-drift.js';
import { redactBody } from './redact-recording.js';
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

describe('checkDrift of Messages API bodies', () => {
  const path = '/v1/messages';
  const text = (value: string): JsonValue => [{ type: 'text', text: value }];
  /** A request of a tool loop's second round, with its contents in the forms given. */
  const request = (forms: { system: JsonValue; prompt: JsonValue; result: JsonValue }): JsonValue => ({
    model: 'claude-haiku-4-5',
    system: forms.system,
    messages: [
      { role: 'user', content: forms.prompt },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: forms.result }] },
    ],
  });
  /** The drift of one request sent against one recorded, with these body fields redacted. */
  const check = (recorded: unknown, sent: unknown, bodyFields: string[] = []) =>
    checkDrift({
      recorded: [{ method: 'POST', path, headers: {}, body: recorded as RecordedModelRequest['body'] }],
      sent: [{ path, body: sent as RecordedModelRequest['body'] }],
      path: 'turns[0]',
      bodyFields,
    });

  it('takes a content of one text block and its text as one request, as the API reads them', () => {
    const lists = request({
      system: text('Be brief.'),
      prompt: text('Where is A-100?'),
      result: text('shipped'),
    });
    const strings = request({ system: 'Be brief.', prompt: 'Where is A-100?', result: 'shipped' });
    expect(check(lists, strings)).toEqual([]);
    expect(check(strings, lists)).toEqual([]);
    // Compared, not changed.
    expect(lists).toEqual(
      request({ system: text('Be brief.'), prompt: text('Where is A-100?'), result: text('shipped') }),
    );
  });

  it('takes a tool result of an empty text and one without content as one request', () => {
    const recorded = request({ system: 'Be brief.', prompt: 'Hi', result: text('') });
    const withoutContent = {
      model: 'claude-haiku-4-5',
      system: 'Be brief.',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1' }] },
      ],
    };
    expect(check(recorded, withoutContent)).toEqual([]);
    expect(check(recorded, request({ system: 'Be brief.', prompt: 'Hi', result: 'x' }))).toHaveLength(1);
  });

  it('still sees a changed text, a block with more than its text, and another path', () => {
    const recorded = request({ system: 'Be brief.', prompt: 'Where is A-100?', result: text('shipped') });
    expect(
      check(recorded, request({ system: 'Be brief.', prompt: 'Where is A-100?', result: 'lost' })),
    ).toHaveLength(1);
    const withBreakpoint = [{ type: 'text', text: 'shipped', cache_control: { type: 'ephemeral' } }];
    expect(
      check(recorded, request({ system: 'Be brief.', prompt: 'Where is A-100?', result: withBreakpoint })),
    ).toHaveLength(1);
    expect(
      check(recorded, request({ system: 'Be brief.', prompt: 'Where is A-100?', result: text('shipped') })),
    ).toEqual([]);
    // Only the Messages API reads the two forms as one.
    const other = checkDrift({
      recorded: [{ method: 'POST', path: '/api/chat', headers: {}, body: { content: text('a') } }],
      sent: [{ path: '/api/chat', body: { content: 'a' } }],
      path: 'turns[0]',
      bodyFields: [],
    });
    expect(other).toHaveLength(1);
  });

  it.each([
    ['its text', 'messages.*.content.*.content.*.text'],
    ['its block, whole', 'messages.*.content.*.content.*'],
  ])('replays a tool result recorded as a list with %s redacted, now sent as a string', (_what, field) => {
    const recorded = redactBody({
      body: request({ system: 'Be brief.', prompt: 'Hi', result: text('PII of 2026-12-04') }),
      fields: [field],
    });
    const sent = request({ system: 'Be brief.', prompt: 'Hi', result: 'PII of 2026-12-05' });
    expect(check(recorded, sent, [field])).toEqual([]);
  });

  it('leaves out of the check a field redacted since the request was recorded', () => {
    const recorded = request({ system: 'Be brief.', prompt: 'Hi', result: 'PII of 2026-12-04' });
    const sent = request({ system: 'Be brief.', prompt: 'Hi', result: 'PII of 2026-12-05' });
    expect(check(recorded, sent, ['messages.*.content.*.content.*.text'])).toEqual([]);
  });

  it('shows both bodies in the shorter form, so their diff holds only what changed', () => {
    const recorded = request({ system: 'Be brief.', prompt: 'Hi', result: text('shipped') });
    const sent = request({ system: 'Be brief.', prompt: 'Hello', result: 'shipped' });
    expect(check(recorded, sent)).toMatchObject([
      {
        expected: request({ system: 'Be brief.', prompt: 'Hi', result: 'shipped' }),
        actual: request({ system: 'Be brief.', prompt: 'Hello', result: 'shipped' }),
      },
    ]);
  });
});
