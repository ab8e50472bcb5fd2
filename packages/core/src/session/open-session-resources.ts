import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type {
  ElicitationHandler,
  ElicitationRequest,
  ElicitationResponse,
} from '../mcp/attach-elicitation-handler.js';
import type { McpAuthorizationHandler, McpAuthorizationRequest } from '../mcp/create-oauth-provider.js';
import type { McpTokenStore } from '../mcp/mcp-token-store.js';
import type { Model } from '../model/model.js';
import type { ToolSource } from '../tools/tool-source.js';
import type { LlmConfig, LlmServerConfig, ServerSecrets, StoredLlmConfig } from './llm-config.js';
import { nameMissingApiKey } from './name-missing-api-key.js';
import { resolveServers } from './resolve-servers.js';

/** A tool source the session owns and closes: what `connectMcpServers` returns. */
export interface ClosableToolSource extends ToolSource {
  close(): Promise<void>;
}

/**
 * Connects a config's `servers`; pass `connectMcpServers` from `@toolloop/core/mcp`. The manager passes its
 * `onElicitation` and `onAuthorization`, bound to the session, and the session's `tokenStore`, as options.
 */
export type ConnectServers = (
  config: { servers: Record<string, LlmServerConfig> },
  options?: {
    onElicitation?: ElicitationHandler;
    onAuthorization?: McpAuthorizationHandler;
    tokenStore?: McpTokenStore;
    /** Aborted when the session closes (or the manager is disposed) while its servers start. */
    signal?: AbortSignal;
  },
) => Promise<ClosableToolSource>;

/**
 * How a host has the user of a session sign in to one of its servers (`auth: { type: 'authorization_code' }`):
 * open `request.url` for that session's user, and resolve with the URL they were sent back to.
 */
export type SessionAuthorizationHandler = (
  request: McpAuthorizationRequest,
  options: { sessionId: string },
) => Promise<string | URL>;

/** How a host answers a server that asks its user for input during a tool call of a session. */
export type SessionElicitationHandler = (
  request: ElicitationRequest,
  options: { sessionId: string; signal: AbortSignal },
) => ElicitationResponse | Promise<ElicitationResponse>;

/** Makes a session's model from its config; the factory of `@toolloop/providers` fits. */
export type CreateModel = (config: LlmConfig) => Model | Promise<Model>;

/** What a live session holds besides its data. */
export interface SessionResources {
  model: Model;
  /** The session's MCP servers, when its config lists any. */
  servers: ClosableToolSource | undefined;
}

/** Throws when a config lists servers but the manager was given no way to connect them. */
export function checkServersCanConnect({
  config,
  connectServers,
}: {
  config: StoredLlmConfig;
  connectServers: ConnectServers | undefined;
}): void {
  const names = Object.keys(config.servers ?? {});
  if (names.length === 0 || connectServers !== undefined) return;
  throw new InvalidArgumentError({
    argument: 'connectServers',
    message:
      `the config lists servers (${names.join(', ')}) but this SessionManager cannot connect them. Pass ` +
      "connectMcpServers from '@toolloop/core/mcp': new SessionManager({ createModel, connectServers: connectMcpServers }).",
  });
}

/**
 * Connects the servers of one session and makes its model. Server values come from memory or the environment
 * (`resolveServers`) first, so a missing one fails before anything starts; `createModel` gets the config as
 * the host wrote it, with the key. Neither the key nor a resolved value is ever stored.
 */
export async function openSessionResources({
  sessionId,
  config,
  apiKey,
  serverSecrets,
  environment,
  createModel,
  connectServers,
  onElicitation,
  onAuthorization,
  tokenStore,
  signal,
}: {
  sessionId: string;
  config: StoredLlmConfig;
  apiKey: string | undefined;
  serverSecrets: ServerSecrets | undefined;
  environment: Readonly<Record<string, string | undefined>>;
  createModel: CreateModel;
  connectServers: ConnectServers | undefined;
  onElicitation?: SessionElicitationHandler | undefined;
  onAuthorization?: SessionAuthorizationHandler | undefined;
  tokenStore?: McpTokenStore | undefined;
  /** Ends the start of the servers: the session closed meanwhile. */
  signal?: AbortSignal | undefined;
}): Promise<SessionResources> {
  checkServersCanConnect({ config, connectServers });
  const { servers: storedServers, ...rest } = config;
  const servers =
    storedServers === undefined
      ? undefined
      : resolveServers({ sessionId, servers: storedServers, secrets: serverSecrets, environment });
  const created: unknown = await createModel({
    ...rest,
    ...(servers === undefined ? {} : { servers }),
    ...(apiKey === undefined ? {} : { api_key: apiKey }),
  });
  // `in`, not a read: a model's members are left to the turns that use them.
  if (typeof created !== 'object' || created === null || !('stream' in created)) {
    throw new InvalidArgumentError({
      argument: 'createModel',
      message: `expected a Model (an object with a stream() method) for a '${config.type}' config.`,
    });
  }
  const model =
    apiKey === undefined
      ? nameMissingApiKey({ model: created as Model, type: config.type })
      : (created as Model);
  if (connectServers === undefined || servers === undefined || Object.keys(servers).length === 0)
    return { model, servers: undefined };
  const options = {
    ...(onElicitation === undefined
      ? {}
      : {
          onElicitation: (request: ElicitationRequest, { signal }: { signal: AbortSignal }) =>
            onElicitation(request, { sessionId, signal }),
        }),
    ...(onAuthorization === undefined
      ? {}
      : { onAuthorization: (request: McpAuthorizationRequest) => onAuthorization(request, { sessionId }) }),
    ...(tokenStore === undefined ? {} : { tokenStore }),
    ...(signal === undefined ? {} : { signal }),
  };
  const connected =
    Object.keys(options).length === 0 ? connectServers({ servers }) : connectServers({ servers }, options);
  return { model, servers: await connected };
}
