import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Model } from '../model/model.js';
import type { ToolSource } from '../tools/tool-source.js';
import type { LlmConfig, LlmServerConfig, StoredLlmConfig } from './llm-config.js';

/** A tool source the session owns and closes: what `connectMcpServers` returns. */
export interface ClosableToolSource extends ToolSource {
  close(): Promise<void>;
}

/** Connects a config's `servers`; pass `connectMcpServers` from `@toolloop/core/mcp`. */
export type ConnectServers = (config: {
  servers: Record<string, LlmServerConfig>;
}) => Promise<ClosableToolSource>;

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

/** Makes the model (with the key, which is never stored) and connects the servers of one session. */
export async function openSessionResources({
  config,
  apiKey,
  createModel,
  connectServers,
}: {
  config: StoredLlmConfig;
  apiKey: string | undefined;
  createModel: CreateModel;
  connectServers: ConnectServers | undefined;
}): Promise<SessionResources> {
  checkServersCanConnect({ config, connectServers });
  const model = await createModel(apiKey === undefined ? { ...config } : { ...config, api_key: apiKey });
  const servers = config.servers ?? {};
  if (connectServers === undefined || Object.keys(servers).length === 0) return { model, servers: undefined };
  return { model, servers: await connectServers({ servers }) };
}
