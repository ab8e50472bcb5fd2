import type { LoopEvent, LoopResult, Model, ModelRequest } from '@toolloop/core';
import type { ElicitationHandler } from '@toolloop/core/mcp';
import {
  SessionManager,
  type ConnectServers,
  type LlmConfig,
  type MessageStream,
  type SessionLeaseResult,
} from '@toolloop/core/session';
import { createModelFromConfig } from '@toolloop/providers';
import type { AgentSessionConfig, AgentTool } from '../agent/define-agent.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { fakeApiKey, fakeAwsCredentials } from './create-scenario-model.js';
import { scenarioModelOf, scenarioProviders } from './scenario-providers.js';
import {
  handled,
  type CrashPoint,
  type CrashReport,
  type TurnRun,
  type TurnRunner,
} from './create-loop-turn-runner.js';
import type { ToolRuns } from './count-tool-runs.js';
import { instrumentModel } from './instrument-model.js';
import { openScenarioSessionStore, type ScenarioSessionStore } from './open-scenario-session-store.js';
import { cutWithHost, endWithHost, fitsTool, HostEndedError, type HostState } from './end-with-host.js';

/** One host of the scenario: a `SessionManager` over the scenario's store, which a crash ends. */
interface Host extends HostState {
  manager: SessionManager;
}

/**
 * Turns through `SessionManager` — the host's whole path — with the provider `createModelFromConfig` picks,
 * pointed at the fake LLM, and the host `config` (a session scenario's `session`, or a session agent's). The
 * scenario's servers, already started, come in `tools` with the agent's own. The session is kept where the
 * scenario's `sessionStore` says: one memory store shared by every manager of the scenario, a file store of
 * its own (a temporary directory, removed at the end; the default of a scenario that restarts or crashes the
 * host), or a schema of its own in Postgres. A restart is a new manager over the same store, which reads the
 * session back. A crash ends the host at the turn's `crash` point (nothing it does after reaches the store), and
 * a new host takes the session's lease once the crashed host's has run out and goes on with the turn.
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
  toolRuns,
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
  /** The runs of the tools, whose ends a `tool-started` crash watches. */
  toolRuns: ToolRuns;
}): Promise<TurnRunner> {
  const { sessionType, apiPath } = scenarioProviders[scenario.provider];
  if (sessionType === undefined)
    throw new Error(`A session scenario needs a provider type; ${scenario.provider} has none.`);
  const storeKind =
    scenario.sessionStore ??
    (scenario.turns.some((turn) => turn.restart === true || turn.crash !== undefined) ? 'file' : undefined);
  const sessions: ScenarioSessionStore | undefined =
    storeKind === undefined ? undefined : await openScenarioSessionStore(storeKind);
  const idempotentTools = new Set(scenario.idempotent ?? []);
  const openHost = (): Host => {
    const state: HostState = { ended: false, armed: undefined, disposed: undefined, onLease: undefined };
    const store = sessions === undefined ? undefined : endWithHost(sessions.open(), state);
    const manager = new SessionManager({
      createModel: async (modelConfig): Promise<Model> =>
        cutWithHost(instrumentModel(await createSessionModel(modelConfig), onRequest), state),
      tools,
      ...(store === undefined ? {} : { store }),
      ...(sessions?.now === undefined ? {} : { now: sessions.now }),
      ...(sessions === undefined ? {} : { leaseTtlMs: sessions.leaseTtlMs }),
      ...(idempotentTools.size === 0 ? {} : { idempotent: ({ name }) => idempotentTools.has(name) }),
      ...(Object.keys(hostServers).length === 0 || connectHostServers === undefined
        ? {}
        : { connectServers: connectHostServers }),
      ...(onElicitation === undefined
        ? {}
        : { onElicitation: (request, { signal }) => onElicitation(request, { signal }) }),
    });
    return Object.assign(state, { manager });
  };
  /** Ends a host as a crash would: its store refuses it from now on, its lease is left to run out. */
  const endHost = (host: Host) => {
    host.ended = true;
    host.armed = undefined;
    host.disposed = host.manager.dispose().catch(() => undefined);
  };
  // The headers the host holds for its servers: given literally in its config, then by `reopen`; a restarted
  // host (a new manager) gives them again, as it gives the key.
  let serverSecrets = Object.fromEntries(
    Object.entries(hostServers).map(([name, { headers }]) => [name, { headers }]),
  );
  const hostsEnded: Host[] = [];
  let host = openHost();
  /** A new host over the same store, which reads the session back, given its key and server headers again. */
  const replaceHost = async (
    sessionId: string,
    onLease?: (lease: SessionLeaseResult) => void,
  ): Promise<void> => {
    host = openHost();
    host.onLease = onLease;
    // The key and the server headers were kept in the old manager's memory only; a new host gives them again
    // (with a reopen's new ones).
    await host.manager.resumeSession(sessionId, {
      apiKey: fakeApiKey,
      ...(Object.keys(serverSecrets).length === 0 ? {} : { servers: serverSecrets }),
    });
  };
  const close = async () => {
    await host.manager.dispose();
    for (const ended of hostsEnded) await ended.disposed;
    await sessions?.close();
  };
  try {
    const session = await host.manager.initializeSession({
      type: sessionType,
      model: scenarioModelOf(scenario),
      // Bedrock takes no key: its credentials are the AWS chain's (`createSessionModel` gives the fake's).
      ...(sessionType === 'bedrock' ? { region: 'us-east-1' } : { api_key: fakeApiKey }),
      base_url: `${baseURL}${apiPath}`,
      ...config,
      ...(Object.keys(hostServers).length === 0 ? {} : { servers: hostServers }),
    });
    /**
     * A turn whose host crashes at `point`: the events its user saw from the first host, then the turn as the
     * new host goes on with it; its result is the new host's. A turn that ends before the point is reached is
     * the first host's, and says so (`crashReport`). The new host must find the crashed host's lease running:
     * once it has been refused, time passes for the stores with a clock (the lease runs out), and Postgres's own
     * clock runs out the short lease its hosts take.
     */
    const crashingTurn = (
      user: string,
      point: CrashPoint,
      signal: AbortSignal | undefined,
    ): TurnRun & { crashReport: () => CrashReport } => {
      const first = host;
      let reached = false;
      let firstLease: SessionLeaseResult['type'] | undefined;
      let crashed: () => void = () => {};
      const crash = new Promise<'crashed'>((resolve) => {
        crashed = () => {
          resolve('crashed');
        };
      });
      first.armed = {
        point,
        requests: 0,
        trigger: () => {
          if (reached) return;
          reached = true;
          endHost(first);
          hostsEnded.push(first);
          crashed();
        },
      };
      const stopWatching = toolRuns.watch((run) => {
        if (first.armed?.point.at !== 'tool-started' || !fitsTool(first.armed.point, run.name)) return;
        first.armed.trigger();
        throw new HostEndedError();
      });
      let settle: { resolve: (result: LoopResult) => void; reject: (error: unknown) => void } | undefined;
      const result = new Promise<LoopResult>((resolve, reject) => {
        settle = { resolve, reject };
      });
      async function* events(): AsyncGenerator<LoopEvent> {
        try {
          const stream: MessageStream = first.manager.sendMessageStream(session.id, user, { signal });
          void handled(stream.result);
          const iterator = stream[Symbol.asyncIterator]();
          for (;;) {
            const next = handled(iterator.next());
            const settled = await Promise.race([next, crash]);
            // What the crashed host had not yet sent its user is lost with it.
            if (settled === 'crashed' || reached) break;
            if (settled.done === true) {
              stopWatching();
              first.armed = undefined;
              settle?.resolve(await stream.result);
              return;
            }
            yield settled.value;
          }
          stopWatching();
          void handled(Promise.resolve(iterator.return?.()));
          await first.disposed;
          await replaceHost(session.id, (lease) => {
            firstLease ??= lease.type;
            if (lease.type === 'busy') sessions?.outliveLeases();
          });
          const continued = host.manager.continueTurnStream(session.id, { signal });
          void handled(continued.result);
          yield* continued;
          settle?.resolve(await continued.result);
        } catch (error) {
          stopWatching();
          settle?.reject(error);
          throw error;
        }
      }
      return {
        events: events(),
        result: handled(result),
        crashReport: () => ({ reached, waitedForLease: firstLease === 'busy' }),
      };
    };
    return {
      start(user, options = {}) {
        if (options.crash !== undefined) return crashingTurn(user, options.crash, options.signal);
        const stream = host.manager.sendMessageStream(session.id, user, options);
        return { events: stream, result: stream.result }; // each chunk is its loop event, a line of text added
      },
      resume(decisions) {
        const stream = host.manager.resumeTurnStream(session.id, decisions);
        return { events: stream, result: stream.result }; // each chunk is its loop event, a line of text added
      },
      async pendingApprovals() {
        return (await host.manager.getSession(session.id))?.pausedTurn?.pendingApprovals;
      },
      async restart(servers = {}) {
        serverSecrets = mergeHeaders(serverSecrets, servers);
        await host.manager.dispose();
        await replaceHost(session.id);
      },
      async reopen(servers) {
        serverSecrets = mergeHeaders(serverSecrets, servers);
        await host.manager.dispose();
        await host.manager.resumeSession(session.id, { servers });
      },
      close,
    };
  } catch (error) {
    await close();
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
