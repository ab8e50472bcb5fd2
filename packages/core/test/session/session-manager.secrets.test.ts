import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createFileSessionStore,
  MissingSecretError,
  SessionManager,
  type LlmServerConfig,
  type MessageStreamChunk,
} from '@toolloop/core/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServers, createModelFactory } from './support/session-test-kit.js';

const planted = 'planted-secret-5f1c9e';
let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolloop-secrets-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every file under `directory`, with its text and permission bits. */
async function readEveryFile(
  directory: string,
): Promise<Array<{ name: string; text: string; mode: number }>> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return {
          name: entry.name,
          text: await readFile(path, 'utf8'),
          mode: (await stat(path)).mode & 0o777,
        };
      }),
  );
}

/** A manager over a file store whose `connectServers` records the server configs it was given. */
function createManager({
  directory,
  environment = {},
}: {
  directory: string;
  environment?: Record<string, string>;
}) {
  const connected: Array<Record<string, LlmServerConfig>> = [];
  const manager = new SessionManager({
    createModel: createModelFactory([{ toolCalls: [{ name: 'search' }] }, { text: 'Found it.' }]).createModel,
    connectServers: ({ servers }) => {
      connected.push(servers);
      return Promise.resolve(createFakeServers());
    },
    store: createFileSessionStore({ directory }),
    environment,
  });
  return { manager, connected };
}

const literalConfig = {
  type: 'claude',
  model: 'claude-sonnet-4-6',
  servers: {
    api: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: `Bearer ${planted}` } },
    local: { command: 'node', args: ['server.js'], env: { TOKEN: planted } },
  },
};

describe('SessionManager and the secrets of MCP server configs', () => {
  it('connects with literal header and env values but never writes or returns them', async () => {
    const directory = join(root, 'sessions');
    const { manager, connected } = createManager({ directory });

    const created = await manager.initializeSession(literalConfig);
    const chunks: MessageStreamChunk[] = [];
    for await (const chunk of manager.sendMessageStream(created.id, 'Search')) chunks.push(chunk);
    const returned = [created, await manager.getSession(created.id), await manager.resumeSession(created.id)];
    await manager.dispose();

    expect(connected).toEqual([literalConfig.servers]);
    expect(returned[1]?.llmConfig.servers).toEqual({
      api: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: null } },
      local: { command: 'node', args: ['server.js'], env: { TOKEN: null } },
    });
    expect(JSON.stringify(returned)).not.toContain(planted);
    expect(JSON.stringify(chunks)).not.toContain(planted);
    const files = await readEveryFile(directory);
    expect(files.map((file) => file.name)).toEqual([`${created.id}.json`]);
    for (const file of files) {
      expect(file.text).not.toContain(planted);
      expect(file.mode).toBe(0o600);
    }
    expect((await stat(directory)).mode & 0o777).toBe(0o700);
  });

  it('reads ${NAME} references from the environment when it connects, and stores them as written', async () => {
    const directory = join(root, 'sessions');
    const { manager, connected } = createManager({ directory, environment: { MCP_TOKEN: planted } });

    const session = await manager.initializeSession({
      ...literalConfig,
      servers: {
        api: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: 'Bearer ${MCP_TOKEN}' } },
        local: { command: 'node', env: { TOKEN: '${MCP_TOKEN}' } },
      },
    });
    await manager.dispose();

    expect(connected).toEqual([
      {
        api: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: `Bearer ${planted}` } },
        local: { command: 'node', env: { TOKEN: planted } },
      },
    ]);
    expect(session.llmConfig.servers).toEqual({
      api: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: 'Bearer ${MCP_TOKEN}' } },
      local: { command: 'node', env: { TOKEN: '${MCP_TOKEN}' } },
    });
    for (const file of await readEveryFile(directory)) expect(file.text).not.toContain(planted);
  });

  it('reopens after dispose() with the literal values it was given, as it does with the API key', async () => {
    const { manager, connected } = createManager({ directory: root });
    const session = await manager.initializeSession(literalConfig);

    await manager.dispose();
    await manager.sendMessage(session.id, 'Search');

    expect(connected).toEqual([literalConfig.servers, literalConfig.servers]);
  });

  it('takes a value given to resumeSession over the one it kept in memory (a rotated token)', async () => {
    const { manager, connected } = createManager({ directory: root });
    const session = await manager.initializeSession(literalConfig);
    await manager.dispose();

    await manager.resumeSession(session.id, {
      servers: { api: { headers: { authorization: 'Bearer rotated' } } },
    });
    await manager.sendMessage(session.id, 'Search');

    expect(connected.at(-1)).toEqual({
      ...literalConfig.servers,
      api: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: 'Bearer rotated' } },
    });
  });

  it('after a restart, names each literal value it needs again and takes it from resumeSession', async () => {
    const before = createManager({ directory: root });
    const session = await before.manager.initializeSession(literalConfig);
    await before.manager.dispose();

    const after = createManager({ directory: root });
    const error = await after.manager.sendMessage(session.id, 'Search').catch((caught: unknown) => caught);
    await after.manager.resumeSession(session.id, {
      servers: { api: { headers: { authorization: 'Bearer again' } }, local: { env: { TOKEN: 'again' } } },
    });

    expect(MissingSecretError.isInstance(error) && error.missing.map((missing) => missing.path)).toEqual([
      'servers.api.headers.authorization',
      'servers.local.env.TOKEN',
    ]);
    expect(String(error)).toContain(
      `- servers.api.headers.authorization: the value was given in the config and is kept in memory only. Pass it again with resumeSession('${session.id}', { servers: { api: { headers: { authorization: … } } } }), or write it as \${NAME} to read it from the environment.`,
    );
    expect(after.connected).toEqual([
      {
        api: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: 'Bearer again' } },
        local: { command: 'node', args: ['server.js'], env: { TOKEN: 'again' } },
      },
    ]);
  });

  it('takes a value given to resumeSession over the variable the stored value reads', async () => {
    const before = createManager({ directory: root, environment: { MCP_TOKEN: 'from-environment' } });
    const session = await before.manager.initializeSession({
      ...literalConfig,
      servers: { api: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: 'Bearer ${MCP_TOKEN}' } } },
    });
    await before.manager.dispose();

    const after = createManager({ directory: root });
    await after.manager.resumeSession(session.id, {
      servers: { api: { headers: { authorization: 'Bearer from-host' } } },
    });

    expect(after.connected).toEqual([
      { api: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: 'Bearer from-host' } } },
    ]);
  });

  it('refuses to start a session whose config reads a variable the environment lacks, naming both', async () => {
    const { manager, connected } = createManager({ directory: root });

    const error = await manager
      .initializeSession({
        ...literalConfig,
        servers: {
          api: { url: 'http://127.0.0.1:1/mcp', headers: { authorization: 'Bearer ${MCP_TOKEN}' } },
        },
      })
      .catch((caught: unknown) => caught);

    expect(MissingSecretError.isInstance(error) && error.missing).toEqual([
      {
        path: 'servers.api.headers.authorization',
        server: 'api',
        field: 'headers',
        name: 'authorization',
        variable: 'MCP_TOKEN',
      },
    ]);
    expect(String(error)).toContain(
      '- servers.api.headers.authorization: reads ${MCP_TOKEN}, which is not set in the environment. Set it, or',
    );
    expect(connected).toEqual([]);
    expect(await readdir(root)).toEqual([]);
  });
});
