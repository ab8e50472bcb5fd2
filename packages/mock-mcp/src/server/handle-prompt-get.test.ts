import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/connect-client.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function connect() {
  server = createMockMcpServer({
    tools: [],
    prompts: [
      {
        name: 'review',
        title: 'Code review',
        description: 'Reviews a file.',
        arguments: [
          { name: 'file', description: 'The file', required: true, complete: ['main.ts', 'main.test.ts'] },
          { name: 'tone' },
        ],
        responses: [
          { match: { tone: 'angry' }, throw: { code: -32000, message: 'Be nice.' } },
          {
            description: 'A review of {{file}}',
            messages: [
              { role: 'user', content: 'Review {{file}} in a {{tone}} tone.' },
              {
                role: 'user',
                content: { type: 'resource', resource: { uri: 'file:///{{file}}', text: 'code' } },
              },
            ],
          },
        ],
      },
      { name: 'slow', responses: [{ hang: true }] },
    ],
  });
  return connectClient({ server });
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('The request succeeded.'),
    (error: unknown) => error,
  );
}

describe('prompts', () => {
  it('lists the prompts without their responses or completions', async () => {
    const client = await connect();
    expect((await client.listPrompts()).prompts).toEqual([
      {
        name: 'review',
        title: 'Code review',
        description: 'Reviews a file.',
        arguments: [{ name: 'file', description: 'The file', required: true }, { name: 'tone' }],
      },
      { name: 'slow' },
    ]);
  });

  it('answers with the messages, every {{argument}} filled in and a missing optional one empty', async () => {
    const client = await connect();
    expect(await client.getPrompt({ name: 'review', arguments: { file: 'main.ts' } })).toEqual({
      description: 'A review of main.ts',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Review main.ts in a  tone.' } },
        { role: 'user', content: { type: 'resource', resource: { uri: 'file:///main.ts', text: 'code' } } },
      ],
    });
  });

  it('matches a response on the arguments', async () => {
    const client = await connect();
    const error = await failureOf(
      client.getPrompt({ name: 'review', arguments: { file: 'a', tone: 'angry' } }),
    );
    expect(error).toMatchObject({ code: -32000, message: expect.stringContaining('Be nice.') as unknown });
  });

  it('refuses a get without a required argument', async () => {
    const client = await connect();
    const error = await failureOf(client.getPrompt({ name: 'review', arguments: { tone: 'calm' } }));
    expect(error).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining("Prompt 'review' needs the argument 'file'.") as unknown,
    });
  });

  it('refuses an unknown prompt and names the known ones', async () => {
    const client = await connect();
    expect(await failureOf(client.getPrompt({ name: 'revue' }))).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining("Unknown prompt 'revue'. Prompts: review, slow.") as unknown,
    });
  });

  it('hangs until the client gives up', async () => {
    const client = await connect();
    expect(await failureOf(client.getPrompt({ name: 'slow' }, { timeout: 20 }))).toMatchObject({
      code: ErrorCode.RequestTimeout,
    });
  });
});

describe('completion/complete', () => {
  it("offers a prompt argument's values that start with what was typed, ignoring case", async () => {
    const client = await connect();
    const result = await client.complete({
      ref: { type: 'ref/prompt', name: 'review' },
      argument: { name: 'file', value: 'MAIN.t' },
    });
    expect(result.completion).toEqual({ values: ['main.ts', 'main.test.ts'], total: 2, hasMore: false });
  });

  it('offers nothing for an argument without values', async () => {
    const client = await connect();
    const result = await client.complete({
      ref: { type: 'ref/prompt', name: 'review' },
      argument: { name: 'tone', value: '' },
    });
    expect(result.completion).toEqual({ values: [], total: 0, hasMore: false });
  });

  it('offers the values of a resource template variable, at most 100', async () => {
    const values = Array.from({ length: 150 }, (_, index) => `note-${index}`);
    server = createMockMcpServer({
      tools: [],
      resourceTemplates: [
        {
          uriTemplate: 'notes://{name}',
          name: 'note',
          complete: { name: values },
          responses: [{ text: 'x' }],
        },
      ],
    });
    const client = await connectClient({ server });
    const result = await client.complete({
      ref: { type: 'ref/resource', uri: 'notes://{name}' },
      argument: { name: 'name', value: 'note-' },
    });
    expect(result.completion).toEqual({ values: values.slice(0, 100), total: 150, hasMore: true });
  });

  it('refuses an unknown prompt', async () => {
    const client = await connect();
    const error = await failureOf(
      client.complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'a', value: '' } }),
    );
    expect(error).toMatchObject({ code: ErrorCode.InvalidParams });
  });

  it('is declared only when something has values to complete', async () => {
    server = createMockMcpServer({ tools: [], prompts: [{ name: 'plain', responses: [{ messages: [] }] }] });
    const client = await connectClient({ server });
    expect(client.getServerCapabilities()?.completions).toBeUndefined();
    await server.close();
    const withValues = await connect();
    expect(withValues.getServerCapabilities()?.completions).toEqual({});
  });
});
