import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { MockSpecError } from '../errors/mock-spec-error.js';
import { parseMockServerSpec } from '../spec/parse-mock-server-spec.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const tools = [{ name: 'lookup', responses: [{ text: 'found' }] }];
const auth = { bearer: 'token-1', rotate: [{ turn: 2, bearer: 'token-2' }] };

/** POSTs an `initialize` with this Authorization header (or none): the status, WWW-Authenticate and body. */
async function initialize(url: string, authorization?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(authorization === undefined ? {} : { authorization }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  const body = await response.text();
  return { status: response.status, challenge: response.headers.get('www-authenticate'), body };
}

/** The tools an SDK client sending this token lists. */
async function listWith(url: string, token: string): Promise<string[]> {
  const client = new Client({ name: 'test', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  try {
    await client.connect(transport);
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

describe('a mock behind a bearer token (auth)', () => {
  it("answers a request without the token, or with another, 401 as the SDK's requireBearerAuth does; with it, as always", async () => {
    server = createMockMcpServer({ transport: 'http', tools, auth });
    const { url } = await server.listenHttp();

    const refused: Array<Awaited<ReturnType<typeof initialize>>> = await Promise.all([
      initialize(url),
      initialize(url, 'Bearer token-2'),
      initialize(url, 'Basic dXNlcjpwYXNz'),
    ]);
    // A token with something after it is not the token; the scheme's case and the spaces before it do not matter.
    const others = await Promise.all(
      ['Bearer token-1 token-2', 'Bearer token-1x', 'bearer token-1', 'BEARER   token-1'].map(
        async (authorization) => (await initialize(url, authorization)).status,
      ),
    );
    expect(others).toEqual([401, 401, 200, 200]);
    expect(refused.map(({ status, challenge }) => [status, challenge])).toEqual([
      [401, 'Bearer error="invalid_token", error_description="Missing Authorization header"'],
      [
        401,
        'Bearer error="invalid_token", error_description="The access token is not valid (expired, revoked or another)."',
      ],
      [
        401,
        'Bearer error="invalid_token", error_description="Invalid Authorization header format, expected \'Bearer TOKEN\'"',
      ],
    ]);
    expect(JSON.parse(refused[0]?.body ?? 'no answer')).toEqual({
      error: 'invalid_token',
      error_description: 'Missing Authorization header',
    });
    expect(await listWith(url, 'token-1')).toEqual(['lookup']);
  });

  it('takes only the rotated token from the turn it names on', async () => {
    server = createMockMcpServer({ transport: 'http', tools, auth });
    const { url } = await server.listenHttp();
    await server.startTurn(1);
    expect(await listWith(url, 'token-1')).toEqual(['lookup']);

    await server.startTurn(2);

    expect((await initialize(url, 'Bearer token-1')).status).toBe(401);
    expect(await listWith(url, 'token-2')).toEqual(['lookup']);
  });

  it('is refused on a server that is not served over HTTP, with rotations out of turn order, and as no token', () => {
    const problems = (spec: Record<string, unknown>) => {
      try {
        parseMockServerSpec(spec);
        return [];
      } catch (error) {
        if (!MockSpecError.isInstance(error)) throw error;
        return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
      }
    };
    expect(problems({ tools, auth: { bearer: 'token-1' } })).toEqual([
      "auth: a bearer token is checked on HTTP requests: set transport: http (this server's is memory)",
    ]);
    expect(
      problems({
        transport: 'http',
        tools,
        auth: {
          bearer: 'a',
          rotate: [
            { turn: 3, bearer: 'b' },
            { turn: 2, bearer: 'c' },
          ],
        },
      }),
    ).toEqual(['auth.rotate[1].turn: rotations come in turn order: turn 2 after turn 3']);
    expect(problems({ transport: 'http', tools, auth: { bearer: 'two words' } })).toEqual([
      "auth.bearer: a bearer token: letters, digits, '-', '.', '_', '~', '+', '/', then any '='",
    ]);
  });
});
