import { ErrorCode, McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/connect-client.js';
import type { MockServerSpecInput } from '../spec/mock-server-spec-schema.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const spec: MockServerSpecInput = {
  tools: [{ name: 'save', responses: [{ text: 'saved', updatedResources: ['notes://today'] }] }],
  resources: [
    {
      uri: 'notes://today',
      name: 'today',
      description: "Today's note",
      mimeType: 'text/plain',
      responses: [{ text: 'Buy milk.', times: 1 }, { text: 'Buy milk and bread.' }],
    },
    { uri: 'images://dot', name: 'dot', mimeType: 'image/png', responses: [{ blob: 'iVBORw0=' }] },
    {
      uri: 'notes://broken',
      name: 'broken',
      responses: [{ throw: { code: -32001, message: 'disk on fire' } }],
    },
    { uri: 'notes://stuck', name: 'stuck', responses: [{ hang: true }] },
  ],
  resourceTemplates: [
    {
      uriTemplate: 'notes://{folder}/{name}',
      name: 'note',
      mimeType: 'application/json',
      responses: [
        { match: { folder: 'secret' }, throw: 'Access denied.' },
        { text: '{"folder":"{{folder}}","name":"{{name}}"}' },
      ],
    },
  ],
};

async function connect() {
  server = createMockMcpServer(spec);
  return connectClient({ server });
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('The request succeeded.'),
    (error: unknown) => error,
  );
}

describe('resources', () => {
  it('lists the resources and templates without their responses', async () => {
    const client = await connect();
    expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
    expect((await client.listResources()).resources[0]).toEqual({
      uri: 'notes://today',
      name: 'today',
      description: "Today's note",
      mimeType: 'text/plain',
    });
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      { uriTemplate: 'notes://{folder}/{name}', name: 'note', mimeType: 'application/json' },
    ]);
  });

  it('reads text, then the next response once the first is used up', async () => {
    const client = await connect();
    const first = await client.readResource({ uri: 'notes://today' });
    const second = await client.readResource({ uri: 'notes://today' });
    expect([first.contents, second.contents]).toEqual([
      [{ uri: 'notes://today', mimeType: 'text/plain', text: 'Buy milk.' }],
      [{ uri: 'notes://today', mimeType: 'text/plain', text: 'Buy milk and bread.' }],
    ]);
  });

  it('reads a blob', async () => {
    const client = await connect();
    expect((await client.readResource({ uri: 'images://dot' })).contents).toEqual([
      { uri: 'images://dot', mimeType: 'image/png', blob: 'iVBORw0=' },
    ]);
  });

  it('reads a URI a template fits, with its variables filled in', async () => {
    const client = await connect();
    expect((await client.readResource({ uri: 'notes://work/plan' })).contents).toEqual([
      { uri: 'notes://work/plan', mimeType: 'application/json', text: '{"folder":"work","name":"plan"}' },
    ]);
  });

  it("matches a template's responses on its variables", async () => {
    const client = await connect();
    expect(await failureOf(client.readResource({ uri: 'notes://secret/plan' }))).toMatchObject({
      code: ErrorCode.InternalError,
      message: expect.stringContaining('Access denied.') as unknown,
    });
  });

  it('answers an unknown URI with error -32002 naming the resources and templates', async () => {
    const client = await connect();
    const error = await failureOf(client.readResource({ uri: 'files://nowhere' }));
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({
      code: -32002,
      message: expect.stringContaining(
        "Resource 'files://nowhere' not found. Resources and templates: notes://today, images://dot",
      ) as unknown,
    });
  });

  it('throws the scripted JSON-RPC error', async () => {
    const client = await connect();
    expect(await failureOf(client.readResource({ uri: 'notes://broken' }))).toMatchObject({
      code: -32001,
      message: expect.stringContaining('disk on fire') as unknown,
    });
  });

  it('hangs until the client gives up', async () => {
    const client = await connect();
    const error = await failureOf(client.readResource({ uri: 'notes://stuck' }, { timeout: 20 }));
    expect(error).toMatchObject({ code: ErrorCode.RequestTimeout });
  });
});

describe('resource subscriptions', () => {
  it('sends notifications/resources/updated to a subscribed session when a tool updates the resource', async () => {
    const client = await connect();
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      updates.push(notification.params.uri);
    });
    await client.subscribeResource({ uri: 'notes://today' });
    await client.callTool({ name: 'save', arguments: {} });
    await client.unsubscribeResource({ uri: 'notes://today' });
    await client.callTool({ name: 'save', arguments: {} });
    // The notification precedes the result on the same connection, so it has arrived by now.
    expect(updates).toEqual(['notes://today']);
  });

  it('sends nothing to a session that did not subscribe', async () => {
    const client = await connect();
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      updates.push(notification.params.uri);
    });
    await client.callTool({ name: 'save', arguments: {} });
    expect(updates).toEqual([]);
  });

  it('sends an update when the test asks for one', async () => {
    const client = await connect();
    const updated = new Promise<string>((resolve) => {
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
        resolve(notification.params.uri);
      });
    });
    await client.subscribeResource({ uri: 'notes://work/plan' });
    await server?.notifyResourceUpdated('notes://work/plan');
    expect(await updated).toBe('notes://work/plan');
  });

  it('refuses a subscription to a URI no resource or template serves', async () => {
    const client = await connect();
    expect(await failureOf(client.subscribeResource({ uri: 'files://nowhere' }))).toMatchObject({
      code: -32002,
    });
  });

  it('has no resources capability without resources or templates', async () => {
    server = createMockMcpServer({ tools: [] });
    const client = await connectClient({ server });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true } });
  });
});
