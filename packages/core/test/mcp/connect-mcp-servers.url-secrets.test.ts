import { describe, expect, it } from 'vitest';
import { connectMcpServers } from '@toolloop/core/mcp';

describe('an HTTP server whose URL carries secrets', () => {
  it('is refused at once when its URL holds credentials, which fetch would refuse, and none is echoed', async () => {
    const url = 'http://alice:planted-password-1@127.0.0.1:1/mcp';
    const error: unknown = await connectMcpServers({ servers: { remote: { url } } }).catch(
      (rejection: unknown) => rejection,
    );

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'Invalid option \'servers.remote.url\': the URL holds credentials (user:password@); fetch refuses them. Put them in `headers` instead, e.g. { authorization: "Basic …" }.',
    );
  });

  it('is named without the secret query parameters of its URL when it cannot be reached', async () => {
    // Port 1 on loopback refuses at once: the start fails and its message describes the server.
    const url = 'http://127.0.0.1:1/mcp?api_key=planted-key-2&region=eu';
    const error: unknown = await connectMcpServers({ servers: { remote: { url } } }).catch(
      (rejection: unknown) => rejection,
    );
    const message = error instanceof Error ? error.message : String(error);

    expect(message).toContain("MCP server 'remote' (http://127.0.0.1:1/mcp?api_key=[redacted]&region=eu)");
    expect(message).not.toContain('planted-key-2');
  });
});
