import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** A request body the fake API received, parsed. */
export type ReceivedBody = Record<string, unknown>;

/** One scripted answer: a function of the request and its parsed body. */
export type ScriptedAnswer = (context: { request: Request; body: ReceivedBody }) => Response;

/**
 * An msw server for one test file: unhandled requests are errors, handlers reset after each test. `answer`
 * installs a handler for `POST url` that records each body and its headers and answers from a list, one per
 * request; running out of answers is a 500 naming the request, never a hang.
 */
export function useScriptedTestServer() {
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

  function answer(url: string, responses: ScriptedAnswer[]): { bodies: ReceivedBody[]; headers: Headers[] } {
    const bodies: ReceivedBody[] = [];
    const headers: Headers[] = [];
    server.use(
      http.post(url, async ({ request }) => {
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
