import { createFakeLlm } from '@toolloop/fake-llm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gemini } from './gemini.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

const request = () => ({
  messages: [{ role: 'user' as const, content: 'Hi' }],
  tools: [],
  signal: new AbortController().signal,
});

async function drain(stream: AsyncIterable<{ type: string }>): Promise<string[]> {
  const types: string[] = [];
  for await (const part of stream) types.push(part.type);
  return types;
}

describe('gemini()', () => {
  it('fails the first request, saying where a key goes, when there is none', async () => {
    vi.stubEnv('GOOGLE_API_KEY', '');
    vi.stubEnv('GEMINI_API_KEY', '');
    const model = gemini({ model: 'gemini-2.5-flash', baseURL: 'http://127.0.0.1:9' });
    await expect(drain(model.stream(request()))).rejects.toMatchObject({
      errorType: 'authentication_error',
      retryable: false,
      message:
        'No API key for gemini: pass `apiKey` to gemini({ ... }) or set the GOOGLE_API_KEY or GEMINI_API_KEY environment variable.',
    });
  });

  it.each(['GEMINI_API_KEY', 'GOOGLE_API_KEY'])(
    'sends the key of %s, as the SDK reads it',
    async (variable) => {
      vi.stubEnv('GOOGLE_API_KEY', '');
      vi.stubEnv('GEMINI_API_KEY', '');
      vi.stubEnv(variable, 'key-from-the-environment');
      const fake = createFakeLlm({ steps: [{ text: 'Hello.' }] });
      try {
        const { url } = await fake.serve();
        const model = gemini({ model: 'gemini-2.5-flash', baseURL: url, maxRetries: 0 });
        expect(await drain(model.stream(request()))).toEqual(['text-delta', 'text', 'finish']);
        expect(fake.violations).toEqual([]);
      } finally {
        await fake.close();
      }
    },
  );

  it('refuses a request with nothing to send, before sending it: Gemini takes no content without parts', async () => {
    const model = gemini({ model: 'gemini-2.5-flash', apiKey: 'test-key', baseURL: 'http://127.0.0.1:9' });
    await expect(
      drain(model.stream({ ...request(), messages: [{ role: 'user', content: '' }] })),
    ).rejects.toMatchObject({
      errorType: 'invalid_request_error',
      retryable: false,
      message:
        'Nothing to send to gemini: every message of the request is empty, and Gemini takes no content without parts.',
    });
  });
});
