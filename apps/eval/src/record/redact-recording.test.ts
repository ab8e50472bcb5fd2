import { describe, expect, it } from 'vitest';
import { redactExchange } from './redact-recording.js';
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
