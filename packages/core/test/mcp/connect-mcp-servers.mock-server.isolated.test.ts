import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CreateMessageResultSchema as McpErrorResultSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { createMockMcpServer, mockMcpBinPath, type MockMcpServer } from '@toolloop/mock-mcp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runToolLoop } from '../../src/loop/run-tool-loop.js';
import { connectMcpServers, createSamplingHandler } from '../../src/mcp/index.js';
import { collectRun } from '../../src/testing/collect-run.js';
import { createScriptedModel } from '../../src/testing/scripted-model.js';
import { openProcessesAndSockets } from './assert-nothing-left.js';
import { isRunning } from './real-servers.js';

const openServers: MockMcpServer[] = [];
let openAtStart: string[] = [];

beforeAll(async () => {
  openAtStart = await openProcessesAndSockets();
});

afterAll(async () => {
  // Every server, client and child process of this file is closed by now.
  expect(await openProcessesAndSockets()).toEqual(openAtStart);
});
afterEach(async () => {
  await Promise.all(openServers.splice(0).map((server) => server.close()));
});

function inMemory(spec: Parameters<typeof createMockMcpServer>[0]) {
  const server = createMockMcpServer(spec);
  openServers.push(server);
  return { server, config: { createTransport: () => server.connectInMemory() } };
}

const textOf = (output: { content: Array<{ type: string; text?: string }> }) =>
  output.content.map((block) => block.text ?? '').join('\n');

describe('a stdio server that crashes mid-call', () => {
  it('gives that call an error result, restarts on the next call, and leaves no process behind', async () => {
    expect(existsSync(mockMcpBinPath), `build mock-mcp first (pnpm build): ${mockMcpBinPath}`).toBe(true);
    const spec = {
      tools: [
        { name: 'explode', inputSchema: { type: 'object' }, responses: [{ crash: true }] },
        { name: 'ping', inputSchema: { type: 'object' }, responses: [{ text: 'pong' }] },
      ],
    };
    const mcp = await connectMcpServers({
      servers: {
        flaky: { command: process.execPath, args: [mockMcpBinPath, '--spec-json', JSON.stringify(spec)] },
      },
    });
    const firstPid = mcp.processIds().flaky;
    try {
      const model = createScriptedModel([
        { toolCalls: [{ name: 'explode', input: {} }] },
        { toolCalls: [{ name: 'ping', input: {} }] },
        { text: 'Recovered after the crash.' },
      ]);
      const { events, result } = await collectRun(runToolLoop({ model, tools: [mcp], prompt: 'Go' }));

      expect(result.stopReason).toBe('completed');
      expect(result.toolCalls.map((call) => [call.name, call.isError])).toEqual([
        ['explode', true],
        ['ping', false],
      ]);
      expect(textOf(result.toolCalls[0]!.output)).toMatch(
        /^Tool 'explode' failed: MCP server 'flaky' \(command '.*'\) closed the connection during the call \(it may have crashed\); it will be restarted on the next call\./,
      );
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'error', code: 'tool_error', toolName: 'explode' }),
      );
      expect(mcp.processIds().flaky).not.toBe(firstPid);
    } finally {
      await mcp.close();
    }
    expect(firstPid !== undefined && isRunning(firstPid)).toBe(false);
    expect(Object.values(mcp.processIds())).toEqual([undefined]);
  });
});

describe('tool names of one server that collide once made valid for the model', () => {
  it('are told apart, and each call reaches the tool the model named', async () => {
    const { server, config } = inMemory({
      tools: [
        { name: 'get.data', inputSchema: { type: 'object' }, responses: [{ text: 'from get.data' }] },
        { name: 'get_data', inputSchema: { type: 'object' }, responses: [{ text: 'from get_data' }] },
      ],
    });
    const mcp = await connectMcpServers({ servers: { data: config } });
    try {
      const names = (await mcp.listTools({ signal: new AbortController().signal })).map((tool) => tool.name);
      const renamed = names.find((name) => name !== 'get_data')!;
      const model = createScriptedModel([
        { toolCalls: [{ name: renamed, input: {} }] },
        { toolCalls: [{ name: 'get_data', input: {} }] },
        { text: 'Both read.' },
      ]);
      const { result } = await collectRun(runToolLoop({ model, tools: [mcp], prompt: 'Go' }));

      expect(result.stopReason).toBe('completed');
      expect(result.toolCalls.map((call) => textOf(call.output))).toEqual(['from get.data', 'from get_data']);
      expect(server.calls.map((call) => call.tool)).toEqual(['get.data', 'get_data']);
      expect(names).toEqual(['get_data_bfb5d1', 'get_data']);
    } finally {
      await mcp.close();
    }
  });
});

describe('a server that answers with an error', () => {
  it('passes its message to the model, even with code -32000 (not a crash)', async () => {
    const { config } = inMemory({
      tools: [
        {
          name: 'call_api',
          inputSchema: { type: 'object' },
          responses: [{ throw: { code: -32000, message: 'upstream unavailable' } }],
        },
      ],
    });
    const mcp = await connectMcpServers({ servers: { api: config } });
    try {
      const model = createScriptedModel([
        { toolCalls: [{ name: 'call_api', input: {} }] },
        { text: 'The API is down.' },
      ]);
      const result = await runToolLoop({ model, tools: [mcp], prompt: 'Go' }).result;

      expect(textOf(result.toolCalls[0]!.output)).toBe("Tool 'call_api' failed: upstream unavailable");
    } finally {
      await mcp.close();
    }
  });
});

describe('a tool that hangs', () => {
  it('is cancelled at toolTimeoutMs; the model sees a timeout and the turn goes on', async () => {
    const { server, config } = inMemory({
      tools: [{ name: 'stuck', inputSchema: { type: 'object' }, responses: [{ hang: true }] }],
    });
    const mcp = await connectMcpServers({ servers: { slow: config } });
    try {
      const model = createScriptedModel([
        { toolCalls: [{ name: 'stuck', input: {} }] },
        { text: 'It timed out.' },
      ]);
      const { events, result } = await collectRun(
        runToolLoop({ model, tools: [mcp], prompt: 'Go', toolTimeoutMs: 50 }),
      );

      expect(result.stopReason).toBe('completed');
      expect(textOf(result.toolCalls[0]!.output)).toBe(
        "Tool 'stuck' did not finish within 50 ms and was cancelled.",
      );
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'error', code: 'tool_timeout', toolName: 'stuck' }),
      );
      await mcp.close();
      expect(server.calls.map((call) => call.outcome)).toEqual(['cancelled']);
    } finally {
      await mcp.close();
    }
  });

  it('is told apart from the turn ending: a turn timeout cancels it as such', async () => {
    const { config } = inMemory({
      tools: [{ name: 'stuck', inputSchema: { type: 'object' }, responses: [{ hang: true }] }],
    });
    const mcp = await connectMcpServers({ servers: { slow: config } });
    try {
      const model = createScriptedModel([{ toolCalls: [{ name: 'stuck', input: {} }] }]);
      const result = await runToolLoop({
        model,
        tools: [mcp],
        prompt: 'Go',
        timeoutMs: 80,
        toolTimeoutMs: 10_000,
      }).result;

      expect(result.stopReason).toBe('timeout');
      expect(textOf(result.toolCalls[0]!.output)).toBe(
        "Tool 'stuck' was cancelled: the turn ended before it finished.",
      );
    } finally {
      await mcp.close();
    }
  });
});

describe('sampling with tools over the mock server', () => {
  const weatherServer = () =>
    inMemory({
      tools: [
        {
          name: 'research',
          inputSchema: { type: 'object' },
          responses: [
            {
              sample: {
                messages: [
                  { role: 'user', content: { type: 'text', text: 'What is the weather in Paris?' } },
                ],
                systemPrompt: 'You research the weather.',
                maxTokens: 200,
                tools: ['get_weather'],
                toolChoice: { mode: 'auto' },
                maxRounds: 2,
              },
            },
          ],
        },
        {
          name: 'get_weather',
          inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          responses: [{ match: { city: 'Paris' }, text: 'Sunny, 21°C' }],
        },
      ],
    });

  it('passthrough: tool_use goes back to the server, which runs its tool and asks again', async () => {
    const { server, config } = weatherServer();
    const samplingModel = createScriptedModel([
      { toolCalls: [{ id: 'tu_1', name: 'get_weather', input: { city: 'Paris' } }] },
      { text: 'It is sunny and 21°C in Paris.' },
    ]);
    const sampling = createSamplingHandler({ model: samplingModel, mode: 'passthrough' });
    const mcp = await connectMcpServers(
      { servers: { weather: config } },
      {
        configureClient: (client) => {
          sampling.attach(client);
        },
      },
    );
    try {
      const output = await mcp.callTool({
        toolCallId: 'r1',
        name: 'research',
        input: {},
        signal: new AbortController().signal,
      });

      expect(textOf(output)).toBe('It is sunny and 21°C in Paris.');
      expect(samplingModel.requests[0]).toMatchObject({
        system: 'You research the weather.',
        maxTokens: 200,
        toolChoice: { type: 'auto' },
        tools: [{ name: 'get_weather' }],
      });
      expect(samplingModel.requests[1]?.messages.slice(-2)).toEqual([
        {
          role: 'assistant',
          content: [{ type: 'tool-call', id: 'tu_1', name: 'get_weather', input: { city: 'Paris' } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'tu_1',
              toolName: 'get_weather',
              output: { content: [{ type: 'text', text: 'Sunny, 21°C' }] },
              isError: false,
            },
          ],
        },
      ]);
      expect(server.calls.map((call) => call.tool)).toEqual(['research']);
    } finally {
      await mcp.close();
    }
  });

  it("client-loop: the client runs the loop itself through the server's tools/call", async () => {
    const { server, config } = weatherServer();
    const samplingModel = createScriptedModel([
      { toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
      { text: 'Sunny in Paris.' },
    ]);
    const sampling = createSamplingHandler({ model: samplingModel, mode: 'client-loop' });
    const mcp = await connectMcpServers(
      { servers: { weather: config } },
      {
        configureClient: (client) => {
          sampling.attach(client);
        },
      },
    );
    try {
      const output = await mcp.callTool({
        toolCallId: 'r1',
        name: 'research',
        input: {},
        signal: new AbortController().signal,
      });

      expect(textOf(output)).toBe('Sunny in Paris.');
      expect(samplingModel.requests).toHaveLength(2);
      expect(server.calls.map((call) => [call.tool, call.arguments])).toEqual([
        ['research', {}],
        ['get_weather', { city: 'Paris' }],
      ]);
    } finally {
      await mcp.close();
    }
  });
});

describe('sampling errors the spec defines', () => {
  async function connectRawServer(options: Parameters<typeof createSamplingHandler>[0]) {
    const mcpServer = new McpServer({ name: 'raw', version: '1.0.0' });
    const client = new Client({ name: 'test', version: '1.0.0' });
    createSamplingHandler(options).attach(client);
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([mcpServer.connect(serverTransport), client.connect(clientTransport)]);
    return { server: mcpServer.server, close: () => Promise.all([client.close(), mcpServer.close()]) };
  }
  const request = {
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Hi' } }],
    maxTokens: 50,
    tools: [{ name: 'x', inputSchema: { type: 'object' as const } }],
  };

  it('answers -32602 when a server sends tools to a client that did not declare sampling.tools', async () => {
    const { server, close } = await connectRawServer({
      model: createScriptedModel({ text: 'never' }),
      tools: false,
    });
    try {
      const error = await server
        .request({ method: 'sampling/createMessage', params: request }, McpErrorResultSchema)
        .catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(-32602);
    } finally {
      await close();
    }
  });

  it('answers -1 when the user rejects the request', async () => {
    const { server, close } = await connectRawServer({
      model: createScriptedModel({ text: 'never' }),
      approve: () => false,
    });
    try {
      const error = await server
        .request(
          { method: 'sampling/createMessage', params: { ...request, tools: undefined } },
          McpErrorResultSchema,
        )
        .catch((caught: unknown) => caught);

      expect((error as McpError).code).toBe(-1);
      expect((error as McpError).message).toContain('The user rejected the sampling request.');
    } finally {
      await close();
    }
  });
});
