import type { JsonValue } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { redactBody, redactExchange } from './redact-recording.js';
import type { RecordedModelExchange } from './recording.js';

const secret = 'planted-secret-0123456789';
const exchangeAnswering = (contentType: string, body: Buffer): RecordedModelExchange => ({
  request: { method: 'POST', path: '/api/chat', headers: {}, body: { messages: [] } },
  response: { type: 'stream', status: 200, contentType, body },
});

describe('redactExchange of a streamed answer', () => {
  it.each([
    { contentType: 'text/event-stream', text: `data: {"text":"the key is ${secret}"}\n\n` },
    { contentType: 'application/x-ndjson', text: `{"message":{"content":"the key is ${secret}"}}\n` },
  ])('replaces a secret in a $contentType answer', ({ contentType, text }) => {
    const redacted = redactExchange({
      exchange: exchangeAnswering(contentType, Buffer.from(text)),
      redaction: {},
      secrets: [secret],
    });
    expect(redacted.response).toEqual({
      type: 'stream',
      status: 200,
      contentType,
      body: Buffer.from(text.replace(secret, '[redacted]')),
    });
  });

  it('keeps a binary answer byte for byte', () => {
    const body = Buffer.from([0x00, 0x00, 0x00, 0x10, 0xff, 0x80, 0xc3, 0x28]);
    const exchange = exchangeAnswering('application/vnd.amazon.eventstream', body);
    expect(redactExchange({ exchange, redaction: {}, secrets: [secret] })).toEqual(exchange);
  });

  it('refuses a binary answer that holds a secret, which it cannot edit without breaking its checksums', () => {
    const body = Buffer.concat([Buffer.from([0x00, 0xff]), Buffer.from(secret), Buffer.from([0x80])]);
    expect(() =>
      redactExchange({
        exchange: exchangeAnswering('application/vnd.amazon.eventstream', body),
        redaction: {},
        secrets: [secret],
      }),
    ).toThrow(
      'An answer streamed as application/vnd.amazon.eventstream holds a credential of the run, in bytes that cannot be edited without breaking the stream: no recording is written.',
    );
  });
});

describe('redactExchange of request headers', () => {
  it('replaces the value of each header named for redaction, whatever the case of either name', () => {
    const exchange = exchangeAnswering('text/event-stream', Buffer.from('data: {}\n\n'));
    const redacted = redactExchange({
      exchange: {
        ...exchange,
        request: {
          ...exchange.request,
          headers: { 'X-Tenant-Token': 'acme-1', 'x-trace': 'trace-9', accept: 'text/event-stream' },
        },
      },
      redaction: { headers: ['x-tenant-token', 'X-Trace'] },
      secrets: [],
    });
    expect(redacted.request.headers).toEqual({
      'X-Tenant-Token': '[redacted]',
      'x-trace': '[redacted]',
      accept: 'text/event-stream',
    });
  });
});

describe('redactBody', () => {
  const request = (result: JsonValue, prompt: JsonValue = 'Where is A-100?'): JsonValue => ({
    messages: [
      { role: 'user', content: prompt },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: result }] },
    ],
  });

  it('redacts a text given as a string where the path names its one text block, or that block', () => {
    const text = (value: string): JsonValue => [{ type: 'text', text: value }];
    for (const field of ['messages.*.content.*.content.*.text', 'messages.2.content.0.content.0.text']) {
      expect(redactBody({ body: request('PII 2026-12-04'), fields: [field] })).toEqual(request('[redacted]'));
      expect(redactBody({ body: request(text('PII 2026-12-04')), fields: [field] })).toEqual(
        request(text('[redacted]')),
      );
    }
    expect(
      redactBody({ body: request('PII', 'Mail me at a@b.example'), fields: ['messages.0.content.*'] }),
    ).toEqual(request('PII', '[redacted]'));
  });

  it('reaches only a content or system string so, not every string a * passes over', () => {
    // The `*` that stands for `content` reaches the prompt; those that stand for `role` reach no role.
    expect(redactBody({ body: request('kept'), fields: ['messages.*.*.*.text'] })).toEqual(
      request('kept', '[redacted]'),
    );
    expect(redactBody({ body: { system: 'Be brief.' }, fields: ['system.0.text'] })).toEqual({
      system: '[redacted]',
    });
  });

  it('leaves a string the path does not reach as its one text block', () => {
    for (const field of ['messages.*.content.*.content.1.text', 'messages.*.content.*.content.*.data']) {
      expect(redactBody({ body: request('kept'), fields: [field] })).toEqual(request('kept'));
    }
  });
});
