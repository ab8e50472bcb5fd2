import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectMcpServers, createMemoryTokenStore, type McpTokenStore } from '@toolloop/core/mcp';
import {
  createFileSessionStore,
  MissingSecretError,
  SessionManager,
  type LlmServerConfig,
} from '@toolloop/core/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOAuthServer } from '../mcp/support/start-oauth-server.js';
import { createDeferred } from '../deferred.js';
import { createFakeServers, createModelFactory } from './support/session-test-kit.js';

const planted = 'planted-client-secret-7d2a';
let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolloop-session-oauth-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The text of every file under `directory`. */
async function readEveryFile(directory: string): Promise<string> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')),
  );
  return texts.join('\n');
}

const machineConfig = {
  type: 'claude',
  model: 'claude-sonnet-4-6',
  servers: {
    api: {
      url: 'http://127.0.0.1:1/mcp',
      auth: { type: 'client_credentials', clientId: 'reports', clientSecret: planted },
    },
    signer: {
      url: 'http://127.0.0.1:2/mcp',
      auth: { type: 'private_key_jwt', clientId: 'signer', privateKey: '${SIGNER_KEY}' },
    },
  },
} as const;

function createManager(environment: Record<string, string> = {}) {
  const connected: Array<Record<string, LlmServerConfig>> = [];
  const manager = new SessionManager({
    createModel: createModelFactory([{ text: 'Hello.' }]).createModel,
    connectServers: ({ servers }) => {
      connected.push(servers);
      return Promise.resolve(createFakeServers());
    },
    store: createFileSessionStore({ directory: root }),
    environment,
  });
  return { manager, connected };
}

describe('SessionManager and servers behind OAuth', () => {
  it('keeps an auth secret given literally in memory only, and reads one written ${NAME} from the environment', async () => {
    const { manager, connected } = createManager({ SIGNER_KEY: 'pem-from-environment' });

    const session = await manager.initializeSession(machineConfig);
    const stored = await manager.getSession(session.id);
    await manager.dispose();

    expect(connected).toEqual([
      {
        api: machineConfig.servers.api,
        signer: {
          ...machineConfig.servers.signer,
          auth: { ...machineConfig.servers.signer.auth, privateKey: 'pem-from-environment' },
        },
      },
    ]);
    expect(stored?.llmConfig.servers).toEqual({
      api: {
        url: 'http://127.0.0.1:1/mcp',
        auth: { type: 'client_credentials', clientId: 'reports', clientSecret: null },
      },
      signer: machineConfig.servers.signer,
    });
    expect(await readEveryFile(root)).not.toContain(planted);
  });

  it('after a restart, names the auth secret it needs again and takes it from resumeSession', async () => {
    const before = createManager({ SIGNER_KEY: 'pem' });
    const session = await before.manager.initializeSession(machineConfig);
    await before.manager.dispose();

    const after = createManager({ SIGNER_KEY: 'pem' });
    const error = await after.manager.sendMessage(session.id, 'Hi').catch((caught: unknown) => caught);
    await after.manager.resumeSession(session.id, { servers: { api: { auth: { clientSecret: 'again' } } } });

    expect(MissingSecretError.isInstance(error) && error.missing).toEqual([
      { path: 'servers.api.auth.clientSecret', server: 'api', field: 'auth', name: 'clientSecret' },
    ]);
    expect(String(error)).toContain(
      `Pass it again with resumeSession('${session.id}', { servers: { api: { auth: { clientSecret: … } } } })`,
    );
    expect(after.connected.at(-1)?.api).toEqual({
      ...machineConfig.servers.api,
      auth: { ...machineConfig.servers.api.auth, clientSecret: 'again' },
    });
  });

  it('refuses a clientSecret without its clientId, and a clientId that reads the environment, naming the field', async () => {
    const { manager } = createManager();
    const withAuth = (auth: Record<string, string>) =>
      manager.initializeSession({
        type: 'claude',
        model: 'claude-sonnet-4-6',
        servers: { api: { url: 'http://127.0.0.1:1/mcp', auth } },
      });

    await expect(
      withAuth({ type: 'authorization_code', redirectUrl: 'http://127.0.0.1:9/cb', clientSecret: planted }),
    ).rejects.toThrow(
      'servers.api.auth.clientSecret: a clientSecret goes with the clientId of a pre-registered client',
    );
    await expect(
      withAuth({ type: 'client_credentials', clientId: '${CLIENT}', clientSecret: 'x' }),
    ).rejects.toThrow('servers.api.auth.clientId: expected the value itself');
  });

  it('keeps a secret with a literal part beside a ${NAME} in memory only, as a whole', async () => {
    const { manager, connected } = createManager({ SUFFIX: '-from-environment' });
    const session = await manager.initializeSession({
      type: 'claude',
      model: 'claude-sonnet-4-6',
      servers: {
        api: {
          url: 'http://127.0.0.1:1/mcp',
          auth: { type: 'client_credentials', clientId: 'reports', clientSecret: `${planted}\${SUFFIX}` },
        },
      },
    });
    await manager.dispose();

    expect(session.llmConfig.servers?.api).toMatchObject({ auth: { clientSecret: null } });
    expect(connected[0]?.api).toMatchObject({ auth: { clientSecret: `${planted}-from-environment` } });
    expect(await readEveryFile(root)).not.toContain(planted);
  });

  it('refuses auth on a command server, naming the field', async () => {
    const { manager } = createManager();

    await expect(
      manager.initializeSession({
        type: 'claude',
        model: 'claude-sonnet-4-6',
        servers: {
          local: { command: 'node', auth: { type: 'client_credentials', clientId: 'a', clientSecret: 'b' } },
        },
      }),
    ).rejects.toThrow('servers.local.auth: only HTTP servers (`url`) take auth');
  });

  it("has the session's user sign in through onAuthorization, with the session's token store, and stores no token", async () => {
    const server = await startOAuthServer();
    try {
      const signIns: string[] = [];
      const stores: string[] = [];
      const memory = createMemoryTokenStore();
      const saved: string[] = [];
      const factory = createModelFactory([
        { toolCalls: [{ name: 'whoami', input: {} }] },
        { text: 'You are signed in.' },
      ]);
      const manager = new SessionManager({
        createModel: factory.createModel,
        connectServers: connectMcpServers,
        store: createFileSessionStore({ directory: root }),
        onAuthorization: async (request, { sessionId }) => {
          signIns.push(`${sessionId} ${request.serverName}`);
          const response = await fetch(request.url, { redirect: 'manual' });
          await response.body?.cancel();
          return response.headers.get('location') ?? '';
        },
        tokenStore: (sessionId): McpTokenStore => {
          stores.push(sessionId);
          return {
            load: (key) => memory.load(key),
            save: (key, value) => {
              saved.push(value.tokens?.access_token ?? '');
              return memory.save(key, value);
            },
          };
        },
        createSessionId: () => 'session-1',
      });

      await manager.initializeSession({
        type: 'claude',
        model: 'claude-sonnet-4-6',
        servers: {
          remote: {
            url: server.url,
            auth: { type: 'authorization_code', redirectUrl: 'http://127.0.0.1:9/callback' },
          },
        },
      });
      const result = await manager.sendMessage('session-1', 'Who am I?');
      await manager.closeSession('session-1');

      expect(result.toolCalls.map((call) => call.output.content)).toEqual([
        [{ type: 'text', text: 'signed in' }],
      ]);
      expect(signIns).toEqual(['session-1 remote']);
      expect(stores).toEqual(['session-1']);
      expect(saved.filter((token) => token !== '').length).toBeGreaterThan(0);
      const files = await readEveryFile(root).catch(() => '');
      for (const token of saved.filter((value) => value !== '')) expect(files).not.toContain(token);
    } finally {
      await server.close();
    }
  });

  it("answers getSession while a session's user signs in, and closeSession gives the sign-in up", async () => {
    const server = await startOAuthServer();
    try {
      const config = {
        type: 'claude',
        model: 'claude-sonnet-4-6',
        servers: {
          remote: {
            url: server.url,
            auth: { type: 'authorization_code', redirectUrl: 'http://127.0.0.1:9/callback' },
          },
        },
      } as const;
      // A session stored by an earlier run of the host.
      const before = createManager();
      const { id } = await before.manager.initializeSession(config);
      await before.manager.dispose();

      const seen: Array<string | undefined> = [];
      let signInEnded: unknown;
      const waiting = createDeferred();
      const manager = new SessionManager({
        createModel: createModelFactory([{ text: 'Hi.' }]).createModel,
        connectServers: connectMcpServers,
        store: createFileSessionStore({ directory: root }),
        onAuthorization: async (request, { sessionId }) => {
          // The host looks the session up to find its user, while the session opens.
          seen.push((await manager.getSession(sessionId))?.id);
          waiting.resolve();
          await new Promise((_resolve, reject) => {
            request.signal.addEventListener('abort', () => {
              signInEnded = request.signal.reason;
              reject(request.signal.reason as Error);
            });
          });
          return '';
        },
      });
      const resuming = manager.resumeSession(id).catch((error: unknown) => error);
      await waiting.promise;
      await manager.closeSession(id);

      expect(seen).toEqual([id]);
      // The sign-in was given up as the session's server closed, not left to its timeout.
      expect(String(signInEnded)).toContain("MCP server 'remote'");
      expect(String(signInEnded)).toContain('is closed');
      expect(await resuming).toBeInstanceOf(Error);
      expect(await manager.getSession(id)).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
