import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  type ClientCapabilities,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/connect-client.js';
import { textOf } from '../../test/text-of.js';
import type { MockResponseInput } from '../spec/mock-response-schema.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const signUp: MockResponseInput = {
  elicit: {
    message: 'Who are you?',
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name'],
    },
    accept: { text: 'Welcome, {{name}} ({{age}}).' },
    decline: { error: 'Sign-up declined.' },
  },
};

/** A client whose elicitation handler gives `answer`, recording what it was asked. */
async function connectAnswering(options: {
  response: MockResponseInput;
  answer: ElicitResult;
  capabilities?: ClientCapabilities;
}): Promise<{ client: Client; asked: unknown[] }> {
  server = createMockMcpServer({ tools: [{ name: 'ask', responses: [options.response] }] });
  const capabilities = options.capabilities ?? { elicitation: { form: {}, url: {} } };
  const client = await connectClient({ server, capabilities });
  const asked: unknown[] = [];
  if (capabilities.elicitation !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return options.answer;
    });
  }
  return { client, asked };
}

describe('elicit', () => {
  it('asks with the form and answers accept with the fields filled into its accept response', async () => {
    const { client, asked } = await connectAnswering({
      response: signUp,
      answer: { action: 'accept', content: { name: 'Ada', age: 36 } },
    });
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(asked).toEqual([
      {
        mode: 'form',
        message: 'Who are you?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string' }, age: { type: 'integer' } },
          required: ['name'],
        },
      },
    ]);
    expect(textOf(result)).toBe('Welcome, Ada (36).');
    expect(server?.calls[0]?.elicitation).toEqual([
      { request: asked[0], result: { action: 'accept', content: { name: 'Ada', age: 36 } } },
    ]);
  });

  it('checks an accepted answer with the jsonSchemaValidator it was given', async () => {
    const checked: unknown[] = [];
    server = createMockMcpServer(
      { tools: [{ name: 'ask', responses: [signUp] }] },
      {
        jsonSchemaValidator: {
          getValidator: (schema) => {
            checked.push(schema);
            return (input) => ({
              valid: false,
              data: undefined,
              errorMessage: `refused ${JSON.stringify(input)}`,
            });
          },
        },
      },
    );
    const client = await connectClient({ server, capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Ada' } }));

    const result = await client.callTool({ name: 'ask', arguments: {} });

    expect(checked).toEqual([signUp.elicit?.requestedSchema]);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('refused {"name":"Ada"}');
  });

  it('answers decline with its decline response', async () => {
    const { client } = await connectAnswering({ response: signUp, answer: { action: 'decline' } });
    expect(await client.callTool({ name: 'ask', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'Sign-up declined.' }],
      isError: true,
    });
  });

  it('answers an action without a response of its own with { action, content } as structured content', async () => {
    const { client } = await connectAnswering({ response: signUp, answer: { action: 'cancel' } });
    expect(await client.callTool({ name: 'ask', arguments: {} })).toEqual({
      content: [{ type: 'text', text: '{"action":"cancel"}' }],
      structuredContent: { action: 'cancel' },
    });
  });

  it('fails the call with an isError result when the accepted content does not fit the schema', async () => {
    const { client } = await connectAnswering({
      response: signUp,
      answer: { action: 'accept', content: { age: 36 } },
    });
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('The elicitation request failed:');
  });

  it('says so when the client did not declare the mode', async () => {
    const { client, asked } = await connectAnswering({
      response: signUp,
      answer: { action: 'cancel' },
      capabilities: { elicitation: { url: {} } },
    });
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(asked).toEqual([]);
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: "Tool 'ask' asks the user through form elicitation, but the client did not declare that mode (capabilities: { elicitation: { form: {} } }).",
        },
      ],
      isError: true,
    });
  });

  it('sends a URL elicitation and, once accepted, notifications/elicitation/complete before the result', async () => {
    const { client, asked } = await connectAnswering({
      response: {
        elicit: {
          mode: 'url',
          message: 'Sign in to continue.',
          url: 'https://auth.example/sign-in',
          elicitationId: 'sign-in-1',
          accept: { text: 'Signed in.' },
        },
      },
      answer: { action: 'accept' },
    });
    const completed: string[] = [];
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
      completed.push(notification.params.elicitationId);
    });
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(asked).toEqual([
      {
        mode: 'url',
        message: 'Sign in to continue.',
        url: 'https://auth.example/sign-in',
        elicitationId: 'sign-in-1',
      },
    ]);
    expect(completed).toEqual(['sign-in-1']);
    expect(textOf(result)).toBe('Signed in.');
  });
});
