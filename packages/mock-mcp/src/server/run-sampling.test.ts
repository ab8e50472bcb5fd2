import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  type CreateMessageRequest,
  type CreateMessageResultWithTools,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/connect-client.js';
import { textOf } from '../../test/text-of.js';
import type { MockServerSpecInput } from '../spec/mock-server-spec-schema.js';
import { createMockMcpServer, type MockMcpServer } from './create-mock-mcp-server.js';

let server: MockMcpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const question = {
  role: 'user' as const,
  content: { type: 'text' as const, text: 'Which course covers RAG?' },
};

/** A client that answers sampling requests from a list, one per request, and keeps the requests. */
async function connectSamplingClient(options: {
  spec: MockServerSpecInput;
  answers: CreateMessageResultWithTools[];
  capabilities?: { sampling?: { tools?: object } };
}): Promise<{ client: Client; requests: CreateMessageRequest['params'][] }> {
  server = createMockMcpServer(options.spec);
  const capabilities = options.capabilities ?? { sampling: { tools: {} } };
  const client = await connectClient({ server, capabilities });
  const requests: CreateMessageRequest['params'][] = [];
  const answers = [...options.answers];
  // The SDK refuses a sampling handler on a client that did not declare sampling.
  if (capabilities.sampling === undefined) return { client, requests };
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    requests.push(request.params);
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`No scripted sampling answer for request ${requests.length}.`);
    return answer;
  });
  return { client, requests };
}

describe('runSampling', () => {
  it('sends messages, systemPrompt, maxTokens, tools and toolChoice, and returns the answer', async () => {
    const sample = {
      messages: [question],
      systemPrompt: 'Be brief.',
      maxTokens: 200,
      tools: ['search'],
      toolChoice: { mode: 'auto' as const },
    };
    const { client, requests } = await connectSamplingClient({
      spec: {
        tools: [
          { name: 'search', description: 'Search', responses: [{ text: 'r' }] },
          { name: 'ask', responses: [{ sample }] },
        ],
      },
      answers: [
        {
          role: 'assistant',
          model: 'fake',
          stopReason: 'endTurn',
          content: { type: 'text', text: 'Course Y.' },
        },
      ],
    });
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(result).toEqual({ content: [{ type: 'text', text: 'Course Y.' }] });
    expect(requests).toEqual([
      {
        messages: [question],
        systemPrompt: 'Be brief.',
        maxTokens: 200,
        tools: [{ name: 'search', description: 'Search', inputSchema: { type: 'object' } }],
        toolChoice: { mode: 'auto' },
      },
    ]);
  });

  it('runs the tool loop: tool_use, tool_result from its own tool, final text', async () => {
    const { client, requests } = await connectSamplingClient({
      spec: {
        tools: [
          { name: 'search', responses: [{ match: { query: 'rag' }, text: 'Course Y, lesson 2' }] },
          { name: 'ask', responses: [{ sample: { messages: [question], tools: ['search'] } }] },
        ],
      },
      answers: [
        {
          role: 'assistant',
          model: 'fake',
          stopReason: 'toolUse',
          content: [
            { type: 'text', text: 'Let me search.' },
            { type: 'tool_use', id: 'use-1', name: 'search', input: { query: 'rag' } },
          ],
        },
        {
          role: 'assistant',
          model: 'fake',
          stopReason: 'endTurn',
          content: [{ type: 'text', text: 'Course Y.' }],
        },
      ],
    });
    expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toBe('Course Y.');
    expect(requests[1]?.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me search.' },
          { type: 'tool_use', id: 'use-1', name: 'search', input: { query: 'rag' } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            toolUseId: 'use-1',
            content: [{ type: 'text', text: 'Course Y, lesson 2' }],
          },
        ],
      },
    ]);
    expect(server?.calls[0]?.sampling).toHaveLength(2);
  });

  it('answers tool_use from toolResults first, and an unknown tool as an isError tool_result', async () => {
    const sample = {
      messages: [question],
      tools: [{ name: 'lookup', inputSchema: { type: 'object' as const } }],
      toolResults: { lookup: [{ error: 'lookup failed' }] },
    };
    const toolUse = (id: string, name: string) => ({ type: 'tool_use' as const, id, name, input: {} });
    const { client, requests } = await connectSamplingClient({
      spec: { tools: [{ name: 'ask', responses: [{ sample }] }] },
      answers: [
        {
          role: 'assistant',
          model: 'fake',
          stopReason: 'toolUse',
          content: [toolUse('a', 'lookup'), toolUse('b', 'nope')],
        },
        {
          role: 'assistant',
          model: 'fake',
          stopReason: 'endTurn',
          content: { type: 'text', text: 'Sorry.' },
        },
      ],
    });
    expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toBe('Sorry.');
    expect(requests[1]?.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          toolUseId: 'a',
          content: [{ type: 'text', text: 'lookup failed' }],
          isError: true,
        },
        {
          type: 'tool_result',
          toolUseId: 'b',
          content: [{ type: 'text', text: "Unknown tool 'nope'. Available tools: lookup, ask." }],
          isError: true,
        },
      ],
    });
  });

  it('stops offering tools after maxRounds: the last request has toolChoice none', async () => {
    const toolUse = { type: 'tool_use' as const, id: 'u', name: 'search', input: {} };
    const { client, requests } = await connectSamplingClient({
      spec: {
        tools: [
          { name: 'search', responses: [{ text: 'r' }] },
          { name: 'ask', responses: [{ sample: { messages: [question], tools: ['search'], maxRounds: 1 } }] },
        ],
      },
      answers: [
        { role: 'assistant', model: 'fake', stopReason: 'toolUse', content: [toolUse] },
        {
          role: 'assistant',
          model: 'fake',
          stopReason: 'endTurn',
          content: [{ type: 'text', text: 'Done.' }],
        },
      ],
    });
    expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toBe('Done.');
    expect(requests.map((request) => request.toolChoice)).toEqual([undefined, { mode: 'none' }]);
  });

  it('answers with an isError result when the client did not declare sampling', async () => {
    const { client } = await connectSamplingClient({
      spec: { tools: [{ name: 'ask', responses: [{ sample: { messages: [question] } }] }] },
      answers: [],
      capabilities: {},
    });
    expect(await client.callTool({ name: 'ask', arguments: {} })).toEqual({
      content: [
        {
          type: 'text',
          text: "Tool 'ask' answers with a sampling request, but the client did not declare the sampling capability (capabilities: { sampling: {} }).",
        },
      ],
      isError: true,
    });
  });

  it('answers with an isError result when tools are sent to a client without sampling.tools', async () => {
    const { client, requests } = await connectSamplingClient({
      spec: {
        tools: [
          { name: 'ask', responses: [{ sample: { messages: [question], toolChoice: { mode: 'auto' } } }] },
        ],
      },
      answers: [],
      capabilities: { sampling: {} },
    });
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('did not declare sampling with tools');
    expect(requests).toEqual([]);
  });

  it('sends a plain sampling request to a client with sampling but no tools', async () => {
    const { client } = await connectSamplingClient({
      spec: { tools: [{ name: 'ask', responses: [{ sample: { messages: [question] } }] }] },
      answers: [{ role: 'assistant', model: 'fake', content: { type: 'text', text: 'Plain.' } }],
      capabilities: { sampling: {} },
    });
    expect(await client.callTool({ name: 'ask', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'Plain.' }],
    });
  });

  it('answers with an isError result when the client fails the sampling request', async () => {
    const { client } = await connectSamplingClient({
      spec: { tools: [{ name: 'ask', responses: [{ sample: { messages: [question] } }] }] },
      answers: [],
    });
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'The sampling request failed: MCP error -32603: No scripted sampling answer for request 1.',
    );
    expect(server?.calls[0]?.sampling).toEqual([{ request: { messages: [question], maxTokens: 1024 } }]);
  });
});
