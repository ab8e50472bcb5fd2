import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Model, ModelRequest } from '@toolloop/core';
import type { ElicitationHandler } from '@toolloop/core/mcp';
import {
  createFileSessionStore,
  createMemorySessionStore,
  SessionManager,
  type ConnectServers,
  type LlmConfig,
  type SessionStore,
} from '@toolloop/core/session';
import { createModelFromConfig } from '@toolloop/providers';
import type { AgentSessionConfig, AgentTool } from '../agent/define-agent.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { fakeApiKey, fakeAwsCredentials } from './create-scenario-model.js';
import { scenarioModelOf, scenarioProviders } from './scenario-providers.js';
import type { TurnRunner } from './create-loop-turn-runner.js';
import { instrumentModel } from './instrument-model.js';

/**
 * Turns through `SessionManager` — the host's whole path — with the provider `createModelFromConfig` picks,
 * pointed at the fake LLM, and the host `config` (a session scenario's `session`, or a session agent's). The
 * scenario's servers, already started, come in `tools` with the agent's own. The session is kept where the
 * scenario's `sessionStore` says: one memory store shared by every manager of the scenario, or a file store of
 * its own (a temporary directory, removed at the end; the default of a scenario that restarts the host). A restart
 * is a new manager over the same store, which reads the session back.
 */
export async function createSessionTurnRunner({
  scenario,
  baseURL,
  tools,
  config,
  hostServers = {},
  connectHostServers,
  onElicitation,
  onRequest,
}: {
  scenario: Scenario;
  baseURL: string;
  tools: readonly AgentTool[];
  config: AgentSessionConfig;
  /** Servers the host connects itself from its config: each one's URL and the headers it sends (secrets). */
  hostServers?: Record<string, { url: string; headers: Record<string, string> }>;
  /** How the host connects its servers (`connectMcpServers`, with the scenario's sampling and watch). */
  connectHostServers?: ConnectServers;
  /** Answers the host's servers when they ask the user for input. */
  onElicitation?: ElicitationHandler;
  onRequest: (request: ModelRequest) => void;
}): Promise<TurnRunner> {
  const { sessionType, apiPath } = scenarioProviders[scenario.provider];
  if (sessionType === undefined)
    throw new Error(`A session scenario needs a provider type; ${scenario.provider} has none.`);
  const storeKind =
    scenario.sessionStore ?? (scenario.turns.some((turn) => turn.restart === true) ? 'file' : undefined);
  const directory =
    storeKind === 'file' ? await mkdtemp(join(tmpdir(), 'toolloop-eval-sessions-')) : undefined;
  // One memory store for every host of the scenario, as hosts of one process would share it.
  const memoryStore = storeKind === 'memory' ? createMemorySessionStore() : undefined;
  const createStore = (): SessionStore | undefined =>
    directory === undefined ? memoryStore : createFileSessionStore({ directory });
  const createManager = () => {
    const store = createStore();
    return new SessionManager({
      createModel: async (modelConfig): Promise<Model> =>
        instrumentModel(await createSessionModel(modelConfig), onRequest),
      tools,
      ...(store === undefined ? {} : { store }),
      ...(Object.keys(hostServers).length === 0 || connectHostServers === undefined
        ? {}
        : { connectServers: connectHostServers }),
      ...(onElicitation === undefined
        ? {}
        : { onElicitation: (request, { signal }) => onElicitation(request, { signal }) }),
    });
  };
  // The headers the host holds for its servers: given literally in its config, then by `reopen`; a restarted
  // host (a new manager) gives them again, as it gives the key.
  let serverSecrets = Object.fromEntries(
    Object.entries(hostServers).map(([name, { headers }]) => [name, { headers }]),
  );
  let manager = createManager();
  try {
    const session = await manager.initializeSession({
      type: sessionType,
      model: scenarioModelOf(scenario),
      // Bedrock takes no key: its credentials are the AWS chain's (`createSessionModel` gives the fake's).
      ...(sessionType === 'bedrock' ? { region: 'us-east-1' } : { api_key: fakeApiKey }),
      base_url: `${baseURL}${apiPath}`,
      ...config,
      ...(Object.keys(hostServers).length === 0 ? {} : { servers: hostServers }),
    });
    return {
      start(user, options = {}) {
        const stream = manager.sendMessageStream(session.id, user, options);
        return { events: stream, result: stream.result }; // each chunk is its loop event, a line of text added
      },
      resume(decisions) {
        const stream = manager.resumeTurnStream(session.id, decisions);
        return { events: stream, result: stream.result }; // each chunk is its loop event, a line of text added
      },
      async pendingApprovals() {
        return (await manager.getSession(session.id))?.pausedTurn?.pendingApprovals;
      },
      async restart(servers = {}) {
        serverSecrets = mergeHeaders(serverSecrets, servers);
        await manager.dispose();
        manager = createManager();
        // The key and the server headers were kept in the old manager's memory only; a restarted host gives
        // them again (with a reopen's new ones).
        await manager.resumeSession(session.id, {
          apiKey: fakeApiKey,
          ...(Object.keys(serverSecrets).length === 0 ? {} : { servers: serverSecrets }),
        });
      },
      async reopen(servers) {
        serverSecrets = mergeHeaders(serverSecrets, servers);
        await manager.dispose();
        await manager.resumeSession(session.id, { servers });
      },
      async close() {
        await manager.dispose();
        if (directory !== undefined) await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await manager.dispose();
    if (directory !== undefined) await rm(directory, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The host's model, as `createModelFromConfig` makes it; for Bedrock with the fake LLM's AWS credentials, so that
 * a run never reads (or waits on) the machine's credential chain.
 */
async function createSessionModel(config: LlmConfig): Promise<Model> {
  if (config.type !== 'bedrock') return createModelFromConfig(config);
  const { bedrock } = await import('@toolloop/providers/bedrock');
  return bedrock({
    model: config.model,
    region: config.region ?? 'us-east-1',
    credentials: fakeAwsCredentials,
    ...(config.base_url === undefined ? {} : { endpoint: config.base_url }),
    ...(config.max_tokens === undefined ? {} : { maxTokens: config.max_tokens }),
  });
}

/** Server headers with newer ones given: header by header, as `SessionManager` merges them. */
function mergeHeaders(
  held: Record<string, { headers: Record<string, string> }>,
  given: Record<string, { headers: Record<string, string> }>,
): Record<string, { headers: Record<string, string> }> {
  const merged = { ...held };
  for (const [name, { headers }] of Object.entries(given)) {
    merged[name] = { headers: { ...held[name]?.headers, ...headers } };
  }
  return merged;
}
