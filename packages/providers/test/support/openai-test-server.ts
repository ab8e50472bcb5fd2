import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ReceivedBody } from './anthropic-test-server.js';

/** The base URL the OpenAI-compatible provider tests point at; msw answers it, and nothing leaves the process. */
export const openaiTestBaseURL = 'https://openai.test/v1';

/**
 * An msw server for one test file: unhandled requests are errors, handlers reset after each test. `answer`
 * installs a handler for `POST /v1/chat/completions` that records each body and headers and answers from a
 * list, one per request; running out of answers is a 500 naming the request, never a hang.
 */
export function useOpenAITestServer() {
  const server = setupServer();
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
  });
  afterAll(() => {
    server.close();
  });

  function answer(
    responses: Array<(context: { request: Request; body: ReceivedBody }) => Response>,
    baseURL = openaiTestBaseURL,
  ): { bodies: ReceivedBody[]; headers: Headers[] } {
    const bodies: ReceivedBody[] = [];
    const headers: Headers[] = [];
    server.use(
      http.post(`${baseURL}/chat/completions`, async ({ request }) => {
        const body = (await request.clone().json()) as ReceivedBody;
        bodies.push(body);
        headers.push(request.headers);
        const respond = responses[bodies.length - 1];
        if (respond === undefined) {
          return new Response(`No scripted answer for request #${bodies.length}`, { status: 500 });
        }
        return respond({ request, body });
      }),
    );
    return { bodies, headers };
  }

  return { server, answer };
}
