import type { ToolLoopOptions } from '../loop/tool-loop-options.js';
import type { McpTokenStore } from '../mcp/mcp-token-store.js';
import type {
  ConnectServers,
  CreateModel,
  SessionAuthorizationHandler,
  SessionElicitationHandler,
} from './open-session-resources.js';
import type { SessionStore } from './session-store.js';

/** How a `SessionManager` makes models, connects servers, stores sessions and expires idle ones. */
export interface SessionManagerOptions {
  /** Makes a session's model from its config (with the API key); `@toolloop/providers` has a factory. */
  createModel: CreateModel;
  /** Connects a config's `servers`: pass `connectMcpServers` from `@toolloop/core/mcp`. Default: none. */
  connectServers?: ConnectServers;
  /**
   * Answers a session's MCP server that asks the user for input during a tool call (elicitation), with the
   * session's id: show the form or the URL to that session's user. Without it, servers are told the client
   * cannot elicit.
   */
  onElicitation?: SessionElicitationHandler;
  /**
   * Has the user of a session sign in to one of its servers behind OAuth (`auth: { type: 'authorization_code' }`),
   * with the session's id: open `request.url` for that session's user, and resolve with the URL the
   * authorization server sent them back to. Without it such a server cannot be signed in to.
   */
  onAuthorization?: SessionAuthorizationHandler;
  /**
   * Where a session's OAuth tokens and registrations are kept, given its id (one store per session, since each
   * session's user signs in for themselves). Default: in memory while the session is open; a session opened
   * again (`resumeSession` after a restart) signs in again. Tokens never go into the session's stored data.
   */
  tokenStore?: (sessionId: string) => McpTokenStore;
  /** Local tools and tool sources offered in every session, besides its servers. */
  tools?: ToolLoopOptions['tools'];
  /**
   * Calls that wait for the user's approval before they run, of any tool — the sessions' MCP servers'
   * included (a local tool's own `needsApproval` applies as well). The turn stops with `approval_required`;
   * `resumeTurn` goes on with the user's decisions.
   */
  needsApproval?: ToolLoopOptions['needsApproval'];
  /**
   * Calls that may run again when a turn gone on with after a crash finds them started and never finished —
   * of any tool, the sessions' MCP servers' included (a local tool's own `idempotent` applies as well). Others
   * are answered with an error saying their outcome is unknown.
   */
  idempotent?: ToolLoopOptions['idempotent'];
  /**
   * Default: in memory (`createMemorySessionStore()`); `createFileSessionStore` survives restarts, and the
   * Postgres store (`@toolloop/core/session/postgres`) serves hosts on several machines.
   */
  store?: SessionStore;
  /**
   * This host's name among the hosts that share the store, named in the errors of the others. The leases this
   * manager takes are owned by the name and a random part of the manager's own, so two managers never share one,
   * even given the same name. Default: the machine's name and the process id.
   */
  hostId?: string;
  /**
   * How long a turn's lease on its session lasts unless renewed; renewed every third of it while the turn
   * runs. A host that dies holds a session this long at most. Default 30 s.
   */
  leaseTtlMs?: number;
  /**
   * How long a turn waits while another host runs a turn of the same session, before it fails with
   * `SessionBusyError` without running. Default 60 s.
   */
  sessionBusyTimeoutMs?: number;
  /** A session unused for this long is closed and deleted when next touched or swept. Default: never. */
  idleTimeoutMs?: number;
  /** The clock, in epoch milliseconds. Default `Date.now`. */
  now?: () => number;
  /**
   * Where API keys missing from a config are read (`ANTHROPIC_API_KEY`, ...), and the `${NAME}` references
   * of server `headers` and `env` values. Default `process.env`.
   */
  environment?: Readonly<Record<string, string | undefined>>;
  /** Default `crypto.randomUUID`. */
  createSessionId?: () => string;
}
