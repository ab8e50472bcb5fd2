import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServers, createSamplingHandler, type McpToolSource } from '../../src/mcp/index.js';
import { runToolLoop } from '../../src/loop/run-tool-loop.js';
import { createScriptedModel } from '../../src/testing/scripted-model.js';
import { createDeferred } from '../deferred.js';
import { openProcessesAndSockets } from './assert-nothing-left.js';
import { isRunning, realServerPath, startEverythingOverHttp } from './real-servers.js';

const signal = new AbortController().signal;
let openAtStart: string[] = [];

beforeAll(async () => {
  openAtStart = await openProcessesAndSockets();
});

afterAll(async () => {
  // Every server, client and child process of this file is closed by now.
  expect(await openProcessesAndSockets()).toEqual(openAtStart);
});
const textOf = (output: { content: Array<{ type: string; text?: string }> }) =>
  output.content.map((block) => block.text ?? `[${block.type}]`).join('\n');

describe('server-everything over stdio', () => {
  let mcp: McpToolSource;
  const toolsChanged = createDeferred();
  const samplingModel = createScriptedModel({ text: 'Sampled by toolloop.' });

  beforeAll(async () => {
    process.env.TOOLLOOP_TEST_SECRET = 'sk-do-not-leak';
    const sampling = createSamplingHandler({ model: samplingModel });
    mcp = await connectMcpServers(
      {
        servers: {
          everything: {
            command: process.execPath,
            args: [realServerPath('server-everything')],
            env: { GREETING: 'hello' },
          },
        },
      },
      {
        configureClient: (client) => {
          sampling.attach(client);
        },
        onToolsChanged: () => {
          toolsChanged.resolve();
        },
      },
    );
  });

  afterAll(async () => {
    delete process.env.TOOLLOOP_TEST_SECRET;
    await mcp.close();
  });

  it('lists its tools and leaves out the ones that can only run as tasks', async () => {
    // simulate-research-query is one of the tools the server adds after connecting.
    await toolsChanged.promise;
    const names = (await mcp.listTools({ signal })).map((tool) => tool.name);

    expect(names).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-structured-content']),
    );
    expect(names).not.toContain('simulate-research-query');
    expect(mcp.skippedTools).toContainEqual({
      serverName: 'everything',
      toolName: 'simulate-research-query',
      reason: 'requires task execution',
    });
  });

  it('refreshes its tools after the server sends list_changed (its conditional tools, after connect)', async () => {
    await toolsChanged.promise;
    const names = (await mcp.listTools({ signal })).map((tool) => tool.name);

    expect(names).toContain('trigger-sampling-request');
  });

  it('runs its tools in the loop', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ name: 'get-sum', input: { a: 2, b: 3 } }] },
      { text: 'The sum is 5.' },
    ]);
    const result = await runToolLoop({ model, tools: [mcp], prompt: 'Add 2 and 3' }).result;

    expect(result.stopReason).toBe('completed');
    expect(textOf(result.toolCalls[0]!.output)).toContain('5');
  });

  it('maps images, resource links and structured content', async () => {
    const image = await mcp.callTool({ toolCallId: '1', name: 'get-tiny-image', input: {}, signal });
    const links = await mcp.callTool({
      toolCallId: '2',
      name: 'get-resource-links',
      input: { count: 1 },
      signal,
    });
    const structured = await mcp.callTool({
      toolCallId: '3',
      name: 'get-structured-content',
      input: { location: 'New York' },
      signal,
    });

    expect(image.content).toContainEqual(expect.objectContaining({ type: 'image', mediaType: 'image/png' }));
    expect(links.content).toContainEqual(expect.objectContaining({ type: 'resource-link' }));
    expect(structured.structuredContent).toEqual(
      expect.objectContaining({ temperature: expect.any(Number) as number }),
    );
  });

  it('passes the configured environment and not the parent’s secrets', async () => {
    const output = textOf(await mcp.callTool({ toolCallId: '4', name: 'get-env', input: {}, signal }));

    expect(output).toContain('"GREETING": "hello"');
    expect(output).not.toContain('sk-do-not-leak');
    expect(output).not.toContain('TOOLLOOP_TEST_SECRET');
  });

  it('answers the server’s sampling request (trigger-sampling-request) with the model', async () => {
    await toolsChanged.promise;
    const output = textOf(
      await mcp.callTool({
        toolCallId: '5',
        name: 'trigger-sampling-request',
        input: { prompt: 'Say hi' },
        signal,
      }),
    );

    expect(output).toContain('Sampled by toolloop.');
    expect(samplingModel.requests.at(-1)).toMatchObject({
      system: 'You are a helpful test server.',
      maxTokens: 100,
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'Resource trigger-sampling-request context: Say hi' }],
        },
      ],
    });
  });
});

describe('server-everything over streamable HTTP', () => {
  it('lists and calls tools', async () => {
    const server = await startEverythingOverHttp();
    const mcp = await connectMcpServers({ servers: { everything: { url: server.url } } });
    try {
      const names = (await mcp.listTools({ signal })).map((tool) => tool.name);
      const echoed = await mcp.callTool({
        toolCallId: '1',
        name: 'echo',
        input: { message: 'over http' },
        signal,
      });

      expect(names).toContain('echo');
      expect(textOf(echoed)).toBe('Echo: over http');
    } finally {
      await mcp.close();
      await server.stop();
    }
  });
});

describe('server-filesystem', () => {
  it('a path outside the allowed directory comes back as an error result the model sees', async () => {
    const allowed = mkdtempSync(join(tmpdir(), 'toolloop-fs-'));
    writeFileSync(join(allowed, 'notes.txt'), 'inside the sandbox');
    const mcp = await connectMcpServers({
      servers: { files: { command: process.execPath, args: [realServerPath('server-filesystem'), allowed] } },
    });
    try {
      const model = createScriptedModel([
        { toolCalls: [{ name: 'read_text_file', input: { path: '/etc/passwd' } }] },
        { toolCalls: [{ name: 'read_text_file', input: { path: join(allowed, 'notes.txt') } }] },
        { text: 'The notes say: inside the sandbox.' },
      ]);
      const result = await runToolLoop({ model, tools: [mcp], prompt: 'Read the files' }).result;

      expect(result.stopReason).toBe('completed');
      expect(result.toolCalls.map((call) => call.isError)).toEqual([true, false]);
      expect(textOf(result.toolCalls[0]!.output)).toMatch(/outside allowed directories/i);
      expect(textOf(result.toolCalls[1]!.output)).toBe('inside the sandbox');
      expect(model.requests[1]?.messages.at(-1)).toMatchObject({
        role: 'tool',
        content: [{ isError: true }],
      });
    } finally {
      await mcp.close();
    }
  });
});

describe('server-memory', () => {
  it('stores entities in the configured file and reads them back', async () => {
    const memoryFile = join(mkdtempSync(join(tmpdir(), 'toolloop-memory-')), 'memory.jsonl');
    const mcp = await connectMcpServers({
      servers: {
        memory: {
          command: process.execPath,
          args: [realServerPath('server-memory')],
          env: { MEMORY_FILE_PATH: memoryFile },
        },
      },
    });
    try {
      await mcp.callTool({
        toolCallId: '1',
        name: 'create_entities',
        input: {
          entities: [{ name: 'toolloop', entityType: 'project', observations: ['names every stop'] }],
        },
        signal,
      });
      const graph = await mcp.callTool({ toolCallId: '2', name: 'read_graph', input: {}, signal });

      expect(JSON.stringify(graph)).toContain('names every stop');
      expect(readFileSync(memoryFile, 'utf8')).toContain('toolloop');
    } finally {
      await mcp.close();
    }
  });
});

describe('closing', () => {
  it('leaves no child process behind', async () => {
    const mcp = await connectMcpServers({
      servers: {
        one: { command: process.execPath, args: [realServerPath('server-everything')] },
        two: { command: process.execPath, args: [realServerPath('server-memory')] },
      },
    });
    const pids = Object.values(mcp.processIds()).filter((pid): pid is number => pid !== undefined);
    expect(pids).toHaveLength(2);
    expect(pids.every(isRunning)).toBe(true);

    await mcp.close();

    expect(pids.filter(isRunning)).toEqual([]);
  });

  it('a server that cannot start is an error naming it, and the others are closed', async () => {
    await expect(
      connectMcpServers({
        servers: {
          broken: {
            command: process.execPath,
            args: ['-e', 'console.error("missing API token"); process.exit(3)'],
          },
        },
      }),
    ).rejects.toThrow(/MCP server 'broken' \(command '.*node'\) failed to start: .*missing API token/);
  });
});
