import { Client } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMockMcpServer } from '../index.js';
import type { MockServerSpecInput } from '../spec/mock-server-spec-schema.js';
import { legacy, modern, useBothErasKit } from '../../test/both-eras-kit.js';

const { serve, modernClient, rawModernClient, track } = useBothErasKit();

const greetSpec: MockServerSpecInput = {
  tools: [
    {
      name: 'greet',
      responses: [
        {
          inputRequired: {
            ask: {
              user_name: {
                elicit: {
                  message: 'Your name?',
                  requestedSchema: {
                    type: 'object',
                    properties: { name: { type: 'string' } },
                    required: ['name'],
                  },
                },
              },
              greeting: { sample: { messages: [{ role: 'user', content: 'Say hello' }], maxTokens: 20 } },
              client_roots: { roots: {} },
            },
            then: {
              inputRequired: {
                ask: {
                  confirm: {
                    elicit: {
                      message: 'Send it, {{user_name.name}}?',
                      requestedSchema: { type: 'object', properties: {} },
                    },
                  },
                },
                then: { text: '{{greeting}}, {{user_name.name}} ({{client_roots}}); sent: {{confirm}}' },
              },
            },
          },
        },
      ],
    },
  ],
};

const answers = {
  elicit: (request: { params: { message: string } }) => ({
    action: 'accept' as const,
    content: request.params.message === 'Your name?' ? { name: 'Ada' } : ({} as Record<string, string>),
  }),
  sample: () => ({
    role: 'assistant' as const,
    content: { type: 'text' as const, text: 'Hello' },
    model: 'test-model',
  }),
  roots: () => ({ roots: [{ uri: 'file:///home/ada' }] }),
};

/** A client of either SDK that answers every kind of question the same way. */
function answerEverything(client: Client | LegacyClient): void {
  if (client instanceof LegacyClient) {
    client.setRequestHandler(ElicitRequestSchema, answers.elicit);
    client.setRequestHandler(CreateMessageRequestSchema, answers.sample);
    client.setRequestHandler(ListRootsRequestSchema, answers.roots);
    return;
  }
  client.setRequestHandler('elicitation/create', answers.elicit);
  client.setRequestHandler('sampling/createMessage', answers.sample);
  client.setRequestHandler('roots/list', answers.roots);
}

describe('an inputRequired response', () => {
  it('asks its questions together in one 2026-07-28 round, then the next round, and answers from all of them', async () => {
    const server = serve(greetSpec);
    const client = new Client(
      { name: 'test-client', version: '1.0.0' },
      {
        capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
        versionNegotiation: { mode: 'auto' },
      },
    );
    track(client);
    answerEverything(client);
    await client.connect(await server.connectInMemory());
    expect(await client.callTool({ name: 'greet', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'Hello, Ada (file:///home/ada); sent: accept' }],
    });
    const [call] = server.calls;
    expect(call).toMatchObject({ protocol: modern, outcome: 'result', inputRounds: 2 });
    expect(call!.elicitation.map((exchange) => exchange.result?.action)).toEqual(['accept', 'accept']);
    // The second round's question names the first round's answer.
    expect(call!.elicitation[1]!.request.message).toBe('Send it, Ada?');
    expect(call!.sampling).toHaveLength(1);
    expect(call!.roots).toEqual([{ result: { roots: [{ uri: 'file:///home/ada' }] } }]);
  });

  it('sends the same questions one after the other to a 2025-11-25 client, with the same answer', async () => {
    const server = serve(greetSpec);
    const older = new LegacyClient(
      { name: 'old', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} } },
    );
    track(older);
    answerEverything(older);
    await older.connect(await server.connectInMemory());
    expect(await older.callTool({ name: 'greet', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'Hello, Ada (file:///home/ada); sent: accept' }],
    });
    expect(server.calls[0]).toMatchObject({ protocol: legacy, inputRounds: 0, outcome: 'result' });
  });

  it('leaves out the questions the client cannot answer, and says so when it can answer none', async () => {
    const server = serve(greetSpec);
    const request = await rawModernClient(server);
    const first = (await request('tools/call', { name: 'greet', arguments: {} })) as {
      result: { inputRequests: Record<string, unknown> };
    };
    // The raw client declares elicitation only.
    expect(Object.keys(first.result.inputRequests)).toEqual(['user_name']);

    const silent = new LegacyClient({ name: 'old', version: '1.0.0' });
    track(silent);
    await silent.connect(await server.connectInMemory());
    expect(await silent.callTool({ name: 'greet', arguments: {} })).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: "Tool 'greet' asks user_name, greeting, client_roots, but the client declared none of the capabilities they need (elicitation (form), sampling, roots).",
        },
      ],
    });
  });

  it('is refused in a spec with text between braces that is no placeholder', () => {
    expect(() =>
      createMockMcpServer({
        tools: [
          {
            name: 'greet',
            responses: [
              {
                inputRequired: {
                  ask: {
                    who: { elicit: { message: 'Who?', requestedSchema: { type: 'object', properties: {} } } },
                  },
                  then: { text: 'Code {{who.2fa}}' },
                },
              },
            ],
          },
        ],
      }),
    ).toThrow('{{who.2fa}} is no placeholder');
  });

  it('is refused in a spec whose answer names a question it never asked', () => {
    expect(() =>
      createMockMcpServer({
        tools: [
          {
            name: 'greet',
            responses: [
              {
                inputRequired: {
                  ask: {
                    user_name: {
                      elicit: {
                        message: 'Name?',
                        requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
                      },
                    },
                  },
                  then: { text: 'Hi {{user_name.nmae}}' },
                },
              },
            ],
          },
        ],
      }),
    ).toThrow(
      'tools[0].responses[0].inputRequired.then: Placeholder {{user_name.nmae}} names none of the questions asked before (or fields of their forms); they are: user_name, user_name.name.',
    );
  });
});

describe('a prompt that asks before it answers (inputRequired)', () => {
  const promptSpec: MockServerSpecInput = {
    tools: [],
    prompts: [
      {
        name: 'brief',
        arguments: [{ name: 'topic', required: true }],
        responses: [
          {
            inputRequired: {
              ask: {
                tone: {
                  elicit: {
                    message: 'Which tone for {{topic}}?',
                    requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
                  },
                },
              },
              then: { messages: [{ role: 'user', content: 'Write about {{topic}} for {{tone.name}}.' }] },
            },
          },
        ],
      },
    ],
  };

  it('is answered in a 2026-07-28 round, and with a request during prompts/get in 2025-11-25', async () => {
    const server = serve(promptSpec);
    const client = modernClient();
    client.setRequestHandler('elicitation/create', () => ({
      action: 'accept' as const,
      content: { name: 'Ada' },
    }));
    await client.connect(await server.connectInMemory());
    expect(await client.getPrompt({ name: 'brief', arguments: { topic: 'MCP' } })).toMatchObject({
      messages: [{ role: 'user', content: { type: 'text', text: 'Write about MCP for Ada.' } }],
    });

    const older = new LegacyClient({ name: 'old', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    track(older);
    older.setRequestHandler(ElicitRequestSchema, (request) => ({
      action: 'accept',
      content: { name: request.params.message.includes('MCP') ? 'Grace' : 'nobody' },
    }));
    await older.connect(await server.connectInMemory());
    expect(await older.getPrompt({ name: 'brief', arguments: { topic: 'MCP' } })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Write about MCP for Grace.' } }],
    });
  });

  it('refuses a retry with a requestState given for other arguments', async () => {
    const server = serve(promptSpec);
    const request = await rawModernClient(server);
    const first = (await request('prompts/get', { name: 'brief', arguments: { topic: 'MCP' } })) as {
      result: { requestState: string; inputRequests: Record<string, unknown> };
    };
    expect(Object.keys(first.result.inputRequests)).toEqual(['tone']);
    expect(
      await request('prompts/get', {
        name: 'brief',
        arguments: { topic: 'other' },
        requestState: first.result.requestState,
        inputResponses: { tone: { action: 'accept', content: { name: 'x' } } },
      }),
    ).toMatchObject({ error: { code: -32602 } });
  });
});

describe('the questions of a round, from hostile or limited clients', () => {
  it('names every capability a refused round needs, both elicitation modes together', async () => {
    const server = serve({
      tools: [
        {
          name: 'sign',
          responses: [
            {
              inputRequired: {
                ask: {
                  form: { elicit: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } },
                  page: { elicit: { mode: 'url', message: 'Sign in', url: 'https://example.com/sign-in' } },
                },
                then: { text: 'Signed.' },
              },
            },
          ],
        },
      ],
    });
    const request = await rawModernClient(server);
    expect(
      await request(
        'tools/call',
        { name: 'sign', arguments: {} },
        {
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      ),
    ).toMatchObject({
      error: { code: -32021, data: { requiredCapabilities: { elicitation: { form: {}, url: {} } } } },
    });
  });

  it('asks again a question named like an Object member when the retry does not answer it', async () => {
    const server = serve({
      tools: [
        {
          name: 'odd',
          responses: [
            {
              inputRequired: {
                ask: {
                  constructor: {
                    elicit: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } },
                  },
                },
                then: { text: 'Done: {{constructor}}.' },
              },
            },
          ],
        },
      ],
    });
    const request = await rawModernClient(server);
    const first = (await request('tools/call', { name: 'odd', arguments: {} })) as {
      result: { requestState: string };
    };
    expect(
      await request('tools/call', {
        name: 'odd',
        arguments: {},
        requestState: first.result.requestState,
        inputResponses: {},
      }),
    ).toMatchObject({ result: { resultType: 'input_required', inputRequests: { constructor: {} } } });
  });
});
