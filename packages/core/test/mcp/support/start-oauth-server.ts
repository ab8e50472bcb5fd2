import { createHash } from 'node:crypto';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { serveFetchHandler } from './serve-fetch-handler.js';

/** What the authorization server saw of a token request. */
export interface TokenRequest {
  grantType: string;
  /** The `resource` the client asked a token for (RFC 8707). */
  resource: string | null;
}

/**
 * An MCP server behind OAuth, and its authorization server, on one loopback port: protected-resource metadata
 * (RFC 9728) naming the authorization server, whose metadata (RFC 8414) offers dynamic registration, PKCE (S256)
 * and refresh. `/authorize` answers at once with the redirect a user's sign-in would end in. `/mcp` takes only a
 * bearer token it issued and has not expired (`expireTokens()`), and has one tool, `whoami`. With `refuseCodes`
 * its token endpoint refuses every authorization code; with `refuseRefresh`, every refresh token.
 */
export async function startOAuthServer({
  refuseCodes = false,
  refuseRefresh = false,
}: { refuseCodes?: boolean; refuseRefresh?: boolean } = {}) {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const validTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const tokenRequests: TokenRequest[] = [];
  let issued = 0;
  let refused = 0;
  let busyRefreshes = 0;
  let base = '';

  const mcp = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'protected', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.registerTool('whoami', { description: 'Says who is signed in.' }, () => ({
        content: [{ type: 'text', text: 'signed in' }],
      }));
      return server;
    },
    { legacy: 'stateless' },
  );

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const issue = () => {
    issued += 1;
    const accessToken = `access-${issued}`;
    const refreshToken = `refresh-${issued}`;
    validTokens.add(accessToken);
    refreshTokens.add(refreshToken);
    return json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: refreshToken,
    });
  };

  const served = await serveFetchHandler(async (request) => {
    const url = new URL(request.url);
    switch (url.pathname) {
      case '/.well-known/oauth-protected-resource/mcp':
        return json({ resource: `${base}/mcp`, authorization_servers: [base] });
      case '/.well-known/oauth-authorization-server':
        return json({
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          registration_endpoint: `${base}/register`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none'],
        });
      case '/register': {
        const metadata = (await request.json()) as Record<string, unknown>;
        return json({ ...metadata, client_id: 'registered-client' }, 201);
      }
      case '/authorize': {
        const code = `code-${codes.size + 1}`;
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        return new Response(null, { status: 302, headers: { location: back.href } });
      }
      case '/token': {
        const form = new URLSearchParams(await request.text());
        const grantType = form.get('grant_type') ?? '';
        tokenRequests.push({ grantType, resource: form.get('resource') });
        if (grantType === 'authorization_code') {
          const code = codes.get(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (refuseCodes || code === undefined || code.challenge !== challenge) {
            return json({ error: 'invalid_grant', error_description: 'The code expired.' }, 400);
          }
          codes.delete(form.get('code') ?? '');
          return issue();
        }
        if (grantType === 'refresh_token' && busyRefreshes > 0) {
          busyRefreshes -= 1;
          return json({ error: 'temporarily_unavailable' }, 429);
        }
        if (
          grantType === 'refresh_token' &&
          !refuseRefresh &&
          refreshTokens.delete(form.get('refresh_token') ?? '')
        )
          return issue();
        // Refresh tokens rotate: one already used is refused.
        if (grantType === 'refresh_token') refused += 1;
        return json({ error: 'invalid_grant' }, 400);
      }
      case '/mcp': {
        const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
        if (token === undefined || !validTokens.has(token)) {
          return new Response(JSON.stringify({ error: 'invalid_token' }), {
            status: 401,
            headers: {
              'content-type': 'application/json',
              'www-authenticate': `Bearer error="invalid_token", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
            },
          });
        }
        return mcp.fetch(request);
      }
      default:
        return new Response('Not found', { status: 404 });
    }
  });
  base = new URL(served.url).origin;
  return {
    url: `${base}/mcp`,
    tokenRequests,
    /** The next `count` refreshes are answered 429, as an authorization server under load answers. */
    failNextRefreshes: (count: number) => {
      busyRefreshes = count;
    },
    /** How many refreshes were refused (a refresh token used again, or `refuseRefresh`). */
    refusedRefreshes: () => refused,
    /** Every access token issued so far stops being taken (refresh tokens still are). */
    expireTokens: () => {
      validTokens.clear();
    },
    close: async () => {
      await mcp.close();
      await served.close();
    },
  };
}
