import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Model } from '@toolloop/core';
import {
  connectMcpServers,
  createSamplingHandler,
  type ElicitationHandler,
  type McpMessageRecord,
  type McpServerConfig,
  type McpToolSource,
} from '@toolloop/core/mcp';
import {
  createMockMcpServer,
  mockMcpBinPath,
  type MockMcpServer,
  type MockServerSpec,
} from '@toolloop/mock-mcp';
import type { jsonSchemaValidator } from '@modelcontextprotocol/client';
import type { ScenarioServer } from '../scenario/scenario-schema.js';
import { createToolsChangedWatch } from './create-tools-changed-watch.js';

/** How long the runner waits for the client to hear of a mock's tool list change as a turn starts. */
const toolsChangedTimeoutMs = 10_000;

/** The MCP servers of one scenario, connected as one tool source, and how to take them all down. */
export interface ScenarioServers {
  source: McpToolSource | undefined;
  /** The in-process mock servers, by name, for what they were called with. */
  mocks: Map<string, MockMcpServer>;
  /** The URL of each server the host connects itself (`hostServers`), which `source` leaves out. */
  hostServerUrls: Record<string, string>;
  /**
   * Pass to the `connectMcpServers` that connects the host's servers as `onToolsChanged`, so that `startTurn`
   * waits for the host's client to hear of a change too.
   */
  onToolsChanged: (serverName: string) => void;
  /**
   * Tells the in-process mocks that the scenario's turn `turn` (1-based) starts, and waits until the client has
   * heard of each change of a tool list that made (so that the turn's first listing has the new tools). A mock
   * with no session to tell (its only one ended in a crash) is not waited for: the client's next session lists
   * the new tools.
   */
  startTurn(turn: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a scenario's servers: mocks in memory, as a `mock-mcp` child process (stdio) or on a loopback port
 * (http), real ones from their `command` or `url`. Servers that ask to sample are answered by `samplingModel`,
 * servers that ask the user for input by `onElicitation`.
 * Whatever fails half-way, everything already started is closed before the error goes on.
 */
export async function startScenarioServers({
  servers = {},
  samplingModel,
  onElicitation,
  cwd,
  onMessage,
  workDirectory = tmpdir(),
  jsonSchemaValidator,
  hostServers = [],
}: {
  servers?: Record<string, ScenarioServer>;
  /** HTTP mocks to start but not connect: a session's host connects them from its config. */
  hostServers?: readonly string[];
  samplingModel: Model;
  /** Answers servers that ask the user for input during a tool call. */
  onElicitation: ElicitationHandler;
  /** Where command servers start (their relative paths resolve here) unless they name a `cwd` of their own. */
  cwd: string;
  /** Shown every message between the client and each server (a live run records the real servers' answers). */
  onMessage?: (record: McpMessageRecord) => void;
  workDirectory?: string;
  /** The JSON Schema validator of the clients and the in-process mocks; by default each builds its own. */
  jsonSchemaValidator?: jsonSchemaValidator;
}): Promise<ScenarioServers> {
  const mocks = new Map<string, MockMcpServer>();
  const watch = createToolsChangedWatch();
  const startTurn = async (turn: number) => {
    for (const [name, mock] of mocks) {
      const before = watch.count(name);
      if ((await mock.startTurn(turn)).sessionsNotified === 0) continue;
      await watch.waitFor({
        server: name,
        after: before,
        timeoutMs: toolsChangedTimeoutMs,
        why: `as turn ${turn} started`,
      });
    }
  };
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    await Promise.allSettled(
      closers
        .splice(0)
        .reverse()
        .map((close) => close()),
    );
  };
  try {
    const configs: Record<string, McpServerConfig> = {};
    const hostServerUrls: Record<string, string> = {};
    for (const [name, server] of Object.entries(servers)) {
      const config =
        'tools' in server
          ? await startMock({ name, spec: server, mocks, closers, workDirectory, jsonSchemaValidator })
          : 'command' in server
            ? { ...server, cwd: resolve(cwd, server.cwd ?? '.') }
            : server;
      if (!hostServers.includes(name)) configs[name] = config;
      else if ('url' in config) hostServerUrls[name] = config.url;
      else throw new Error(`Server '${name}' is connected by the host from its config, which needs its URL.`);
    }
    const started = {
      mocks,
      hostServerUrls,
      onToolsChanged: watch.onToolsChanged,
      startTurn,
      close: closeAll,
    };
    if (Object.keys(configs).length === 0) return { source: undefined, ...started };
    const sampling = createSamplingHandler({ model: samplingModel });
    const source = await connectMcpServers(
      { servers: configs },
      {
        configureClient: (client) => {
          sampling.attach(client);
        },
        onElicitation,
        onToolsChanged: watch.onToolsChanged,
        ...(onMessage === undefined ? {} : { onMessage }),
        ...(jsonSchemaValidator === undefined ? {} : { jsonSchemaValidator }),
      },
    );
    closers.push(() => source.close());
    return { source, ...started };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function startMock({
  name,
  spec,
  mocks,
  closers,
  workDirectory,
  jsonSchemaValidator,
}: {
  name: string;
  spec: MockServerSpec;
  mocks: Map<string, MockMcpServer>;
  closers: Array<() => Promise<void>>;
  workDirectory: string;
  jsonSchemaValidator: jsonSchemaValidator | undefined;
}): Promise<McpServerConfig> {
  if (spec.transport === 'stdio') {
    // A directory of its own: runs of one scenario start together (its wires, --repeat), and the server reads
    // its spec again at every restart, after a sibling run may have ended and removed its own.
    const directory = await mkdtemp(join(workDirectory, 'toolloop-mock-'));
    closers.push(() => rm(directory, { recursive: true, force: true }));
    const specFile = join(directory, `${name}.json`);
    await writeFile(specFile, JSON.stringify(spec));
    return { command: process.execPath, args: [mockMcpBinPath, '--spec', specFile] };
  }
  const server = createMockMcpServer(spec, jsonSchemaValidator === undefined ? {} : { jsonSchemaValidator });
  mocks.set(name, server);
  closers.push(() => server.close());
  if (spec.transport === 'http') {
    const listener = await server.listenHttp();
    // The runner connects with the server's first token; a host that connects it gives its own.
    return spec.auth === undefined
      ? { url: listener.url }
      : { url: listener.url, headers: { authorization: `Bearer ${spec.auth.bearer}` } };
  }
  return { createTransport: () => server.connectInMemory() };
}
