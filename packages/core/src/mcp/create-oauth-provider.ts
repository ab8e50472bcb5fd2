import { createHash, randomBytes } from 'node:crypto';
import {
  createPrivateKeyJwtAuth,
  UnauthorizedError,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
} from '@modelcontextprotocol/client';
import { ToolSourceError } from '../errors/tool-source-error.js';
import { raceWithSignal } from '../internal/race-with-signal.js';
import type { McpAuthConfig } from './mcp-auth-config.js';
import { shareTokenRefreshes } from './share-token-refreshes.js';
import type { McpStoredAuth, McpTokenKey, McpTokenStore } from './mcp-token-store.js';

/** A sign-in the host must have the user make: open `url`, and give back the URL the user was sent back to. */
export interface McpAuthorizationRequest {
  serverName: string;
  /** The authorization server's URL to open (a browser), with PKCE and a `state` of this client's. */
  url: string;
  /** Aborts when the tool source is closed (or its start aborted): the sign-in is no longer awaited. */
  signal: AbortSignal;
}

/**
 * Has the user sign in at `request.url`; resolves with the redirect URL the authorization server sent the user
 * back to (it holds `code` and `state`), which the client checks and exchanges for tokens.
 */
export type McpAuthorizationHandler = (request: McpAuthorizationRequest) => Promise<string | URL>;

/** The provider of one server, and the sign-in a refused request needs, once it needs one. */
export interface McpOAuthProvider extends OAuthClientProvider {
  /** The fetch of the server's transport: requests refused together refresh their token once. */
  fetch: typeof fetch;
  /**
   * After a request refused for want of authorization (`UnauthorizedError`) that asked for a sign-in: has the host
   * make it (outside of any request: the user may take minutes, which no request's timeout should count), checks
   * the callback's `state`, and exchanges the code on the transport that made the request (`finishAuth`: it knows
   * the server's metadata). Requests refused together share the one sign-in under way. Resolves with whether the
   * request may go again.
   */
  signInAfter(refused: {
    error: unknown;
    finishAuth: ((callback: URLSearchParams) => Promise<void>) | undefined;
    /** `signInsCompleted()` when the refused request was sent: a sign-in since then serves it too. */
    since?: number | undefined;
  }): Promise<boolean>;
  /** How many sign-ins have been completed: read before a request, given back to `signInAfter`. */
  signInsCompleted(): number;
}

/** One sign-in, as its authorization URL asked for it: the state and the PKCE verifier that go with that URL. */
interface SignIn {
  url: URL;
  state: string | null;
  verifier: string | undefined;
  discovery: OAuthDiscoveryState | undefined;
}

/**
 * The SDK's OAuth client provider for one server's `auth` config, keeping tokens and registrations in
 * `store`. A request refused for want of a sign-in leaves its authorization URL here (`redirectToAuthorization`);
 * the caller then has the host make it, and finishes it on its transport (`signInAfter`).
 */
export function createOAuthProvider({
  auth,
  key,
  store,
  onAuthorization,
  signal,
  describeServer,
}: {
  auth: McpAuthConfig;
  key: McpTokenKey;
  store: McpTokenStore;
  onAuthorization: McpAuthorizationHandler | undefined;
  /** Aborted when the server is closed: a sign-in under way is given up. */
  signal: AbortSignal;
  /** `MCP server 'name' (url)`, for errors. */
  describeServer: () => string;
}): McpOAuthProvider {
  // Requests refused at once (several calls whose token expired together) each begin a sign-in: each URL is kept
  // with its own state and verifier (found by the URL's code challenge), the first is made, and the others wait
  // for it (the caller's single flight).
  const verifiers = new Map<string, string>();
  // What the SDK found of the authorization server when a sign-in began: the code goes back to that one only.
  let discovery: OAuthDiscoveryState | undefined;
  let asked: SignIn | undefined;
  let underway: SignIn | undefined;
  // The one sign-in this server's refused requests wait for, while it is under way.
  let flight: Promise<void> | undefined;
  let completed = 0;
  // The refresh tokens the authorization server refused: a request that tried one after a sign-in had saved
  // newer tokens asks to drop tokens that are not the ones it was refused with.
  const refusedRefreshTokens = new Set<string>();
  const load = async () => (await store.load(key)) ?? {};
  const update = async (change: McpStoredAuth) => {
    await store.save(key, { ...(await load()), ...change });
  };
  /** The sign-in itself: the host's, bounded by the server's life; then its answer checked. */
  const signIn = async ({
    url,
    state,
    onAuthorization: open,
  }: {
    url: URL;
    state: string | null;
    onAuthorization: McpAuthorizationHandler;
  }): Promise<URLSearchParams> => {
    const returned = new URL(
      String(await raceWithSignal(open({ serverName: key.serverName, url: url.href, signal }), signal)),
    );
    // The state first: until it matches, nothing in the URL came from the authorization server (any page can send
    // a browser to a loopback redirect), so nothing of it is shown.
    if (state === null || returned.searchParams.get('state') !== state) {
      throw new ToolSourceError({
        message: `${describeServer()}: the sign-in came back with another state than the one sent, so it was not used.`,
      });
    }
    if (returned.searchParams.has('error')) {
      throw new ToolSourceError({
        message: `${describeServer()}: the authorization server refused the sign-in (its redirect holds an error).`,
      });
    }
    return returned.searchParams;
  };
  const machine = auth.type !== 'authorization_code';
  const clientMetadata: OAuthClientMetadata = machine
    ? {
        client_name: 'toolloop',
        redirect_uris: [],
        grant_types: ['client_credentials'],
        token_endpoint_auth_method:
          auth.type === 'private_key_jwt' ? 'private_key_jwt' : 'client_secret_basic',
        ...(auth.scope === undefined ? {} : { scope: auth.scope }),
      }
    : {
        client_name: auth.clientName ?? 'toolloop',
        redirect_uris: [auth.redirectUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: auth.clientSecret === undefined ? 'none' : 'client_secret_basic',
        ...(auth.scope === undefined ? {} : { scope: auth.scope }),
      };
  const preRegistered: StoredOAuthClientInformation | undefined =
    auth.type === 'authorization_code'
      ? auth.clientId === undefined
        ? undefined
        : {
            client_id: auth.clientId,
            ...(auth.clientSecret === undefined ? {} : { client_secret: auth.clientSecret }),
          }
      : {
          client_id: auth.clientId,
          ...(auth.type === 'client_credentials' ? { client_secret: auth.clientSecret } : {}),
        };

  const provider: McpOAuthProvider = {
    fetch: shareTokenRefreshes(fetch, (refreshToken) => refusedRefreshTokens.add(refreshToken)),
    get redirectUrl() {
      return auth.type === 'authorization_code' ? auth.redirectUrl : undefined;
    },
    ...(auth.type === 'authorization_code' && auth.clientMetadataUrl !== undefined
      ? { clientMetadataUrl: auth.clientMetadataUrl }
      : {}),
    get clientMetadata() {
      return clientMetadata;
    },
    state: () => randomBytes(16).toString('base64url'),
    clientInformation: async () => preRegistered ?? (await load()).client,
    saveClientInformation: async (client) => {
      await update({ client });
    },
    tokens: async () => (await load()).tokens,
    saveTokens: async (tokens) => {
      await update({ tokens });
    },
    redirectToAuthorization: (url) => {
      if (onAuthorization === undefined) {
        throw new ToolSourceError({
          message: `${describeServer()} needs the user to sign in (OAuth), and no onAuthorization was given to open the sign-in page.`,
        });
      }
      if (asked !== undefined || underway !== undefined) return;
      asked = {
        url,
        state: url.searchParams.get('state'),
        verifier: verifiers.get(url.searchParams.get('code_challenge') ?? ''),
        discovery,
      };
    },
    saveDiscoveryState: (found) => {
      discovery = found;
    },
    // Only for the sign-in under way (its code goes back to the authorization server it began at); a new flow
    // discovers again, so a server that moved to another authorization server is followed.
    discoveryState: () => underway?.discovery,
    saveCodeVerifier: (verifier) => {
      verifiers.set(createHash('sha256').update(verifier).digest('base64url'), verifier);
    },
    codeVerifier: () => {
      const verifier = underway?.verifier;
      if (verifier === undefined) throw new Error('No sign-in is under way.');
      return verifier;
    },
    invalidateCredentials: async (scope) => {
      if (scope === 'verifier') verifiers.clear();
      if (scope === 'all' || scope === 'discovery') discovery = undefined;
      const stored = await load();
      const storedRefresh = stored.tokens?.refresh_token;
      // Tokens saved by a sign-in after the refused refresh are kept: only those the server refused go.
      const newer =
        scope === 'tokens' &&
        refusedRefreshTokens.size > 0 &&
        storedRefresh !== undefined &&
        !refusedRefreshTokens.has(storedRefresh);
      if ((scope === 'all' || scope === 'tokens') && !newer) delete stored.tokens;
      if (scope === 'all' || scope === 'client') delete stored.client;
      await store.save(key, stored);
    },
    signInsCompleted: () => completed,
    signInAfter: async ({ error, finishAuth, since }) => {
      if (!(error instanceof UnauthorizedError)) return false;
      // Another request's sign-in is under way: this one goes again once it is done.
      if (flight !== undefined) {
        return flight.then(
          () => true,
          () => false,
        );
      }
      // A sign-in was completed after this request was sent: it goes again with that sign-in's token, and the
      // sign-in its refusal asked for is not made.
      if (since !== undefined && completed > since) {
        asked = undefined;
        return true;
      }
      if (asked === undefined || onAuthorization === undefined || finishAuth === undefined) return false;
      const taken = asked;
      underway = taken;
      asked = undefined;
      flight = (async () => {
        try {
          await finishAuth(await signIn({ url: taken.url, state: taken.state, onAuthorization }));
          completed += 1;
        } finally {
          underway = undefined;
          discovery = undefined;
          verifiers.clear();
          flight = undefined;
        }
      })();
      await flight;
      return true;
    },
  };
  if (machine) {
    provider.prepareTokenRequest = (scope) => {
      const params = new URLSearchParams({ grant_type: 'client_credentials' });
      if (scope !== undefined) params.set('scope', scope);
      return params;
    };
  }
  if (auth.type === 'private_key_jwt') {
    provider.addClientAuthentication = createPrivateKeyJwtAuth({
      issuer: auth.clientId,
      subject: auth.clientId,
      privateKey: auth.privateKey,
      alg: auth.algorithm ?? 'RS256',
    });
  }
  return provider;
}
