import { describe, expect, it } from 'vitest';
import { toResponseAction } from './mock-response.js';

describe('toResponseAction', () => {
  it('makes text one text block', () => {
    expect(toResponseAction({ text: 'hi' })).toEqual({
      type: 'result',
      content: [{ type: 'text', text: 'hi' }],
    });
  });

  it('sends structuredContent alone also as JSON text', () => {
    expect(toResponseAction({ structuredContent: { n: 1 } })).toEqual({
      type: 'result',
      content: [{ type: 'text', text: '{"n":1}' }],
      structuredContent: { n: 1 },
    });
  });

  it('gives throw with only a message the InternalError code', () => {
    expect(toResponseAction({ throw: 'down' })).toEqual({ type: 'throw', code: -32603, message: 'down' });
  });

  it('keeps the code and data of throw', () => {
    expect(
      toResponseAction({ throw: { code: -32050, message: 'slow down', data: { retryAfter: 1 } } }),
    ).toEqual({
      type: 'throw',
      code: -32050,
      message: 'slow down',
      data: { retryAfter: 1 },
    });
  });

  it('reads error, crash and hang', () => {
    expect([{ error: 'e' }, { crash: true as const }, { hang: true as const }].map(toResponseAction)).toEqual(
      [{ type: 'error', text: 'e' }, { type: 'crash' }, { type: 'hang' }],
    );
  });
});
