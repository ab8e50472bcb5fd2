import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runToolLoop } from '../../src/index.js';
import {
  connectMcpServers,
  createSamplingHandler,
  type ConnectMcpServersOptions,
  type ElicitationRequest,
  type ElicitationResponse,
  type McpProtocol,
  type StdioServerConfig,
} from '../../src/mcp/index.js';
import { collectRun, createScriptedModel } from '../../src/testing/index.js';
import { openProcessesAndSockets } from './assert-nothing-left.js';

const twoEraServer = fileURLToPath(new URL('support/two-era-stdio-server.mjs', import.meta.url));
const fakeServer = fileURLToPath(new URL('support/fake-stdio-server.mjs', import.meta.url));

// The test runner's own pipes, open before any server starts.
let openAtStart: string[] = [];
beforeAll(async () => {
  openAtStart = await openProcessesAndSockets();
});
afterAll(async () => {
  expect(await openProcessesAndSockets()).toEqual(openAtStart);
});

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-eras-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The tool-call rounds the two-era server saw, in order. */
async function readCalls(): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(join(directory, 'calls.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function twoEraConfig({ protocol, legacy }: { protocol?: McpProtocol; legacy?: 'reject' } = {}) {
  const config: StdioServerConfig = {
    command: process.execPath,
    args: [
      twoEraServer,
      '--calls-file',
      join(directory, 'calls.jsonl'),
      ...(legacy === undefined ? [] : ['--legacy', legacy]),
    ],
  };
  if (protocol !== undefined) config.protocol = protocol;
  return config;
}

/** One turn in which the model calls `tool` of server `trips` once, then answers. */
async function callOnce({
  config,
  tool,
  input,
  options = {},
}: {
  config: StdioServerConfig;
  tool: string;
  input: Record<string, string>;
  options?: ConnectMcpServersOptions;
}) {
  const mcp = await connectMcpServers({ servers: { trips: config } }, options);
  try {
    const model = createScriptedModel([{ toolCalls: [{ name: tool, input }] }, { text: 'Done.' }]);
    const result = await runToolLoop({ model, tools: [mcp], prompt: 'Go.' }).result;
    return { result, protocolVersion: mcp.protocolVersions().trips };
  } finally {
    await mcp.close();
  }
}

const textOf = (output: { content: Array<{ type: string; text?: string }> } | undefined) =>
  (output?.content ?? []).map((block) => block.text ?? '').join('\n');

/** An elicitation handler that keeps what it was asked and gives one answer. */
const answering =
  (requests: ElicitationRequest[], response: ElicitationResponse) => (request: ElicitationRequest) => {
    requests.push(request);
    return response;
  };

describe('one host, one elicitation handler, a server of either protocol revision', () => {
  it.each<[McpProtocol | undefined, string]>([
    [undefined, '2026-07-28'],
    ['auto', '2026-07-28'],
    ['2026-07-28', '2026-07-28'],
    ['2025-11-25', '2025-11-25'],
  ])('protocol %s: speaks %s, and the same onElicitation answers the tool', async (protocol, spoken) => {
    const requests: ElicitationRequest[] = [];
    const onElicitation = answering(requests, { action: 'accept', content: { confirm: true } });

    const { result, protocolVersion } = await callOnce({
      config: twoEraConfig(protocol === undefined ? {} : { protocol }),
      tool: 'book',
      input: { city: 'Lisbon' },
      options: { onElicitation },
    });

    expect(protocolVersion).toBe(spoken);
    expect(result.stopReason).toBe('completed');
    // One tool call for the turn, whatever number of requests it took on the wire.
    expect(result.toolCalls).toHaveLength(1);
    expect(textOf(result.toolCalls[0]?.output)).toBe('Booked Lisbon.');
    expect(requests).toEqual([
      {
        mode: 'form',
        serverName: 'trips',
        message: 'Book a trip to Lisbon?',
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean', title: 'Confirm' } },
          required: ['confirm'],
        },
      },
    ]);
    const calls = await readCalls();
    if (spoken === '2026-07-28') {
      // Asked, then called again with the answer and the server's requestState echoed as it was.
      expect(calls).toEqual([
        { tool: 'book', responses: null, requestState: null },
        {
          tool: 'book',
          responses: { confirm: { action: 'accept', content: { confirm: true } } },
          requestState: 'booking:v1',
        },
      ]);
    } else {
      expect(calls.map((call) => call.tool)).toContain('book');
    }
    expect(await openProcessesAndSockets()).toEqual(openAtStart);
  });

  it('shows each round of questions as a tool-progress event of the one call', async () => {
    const mcp = await connectMcpServers(
      { servers: { trips: twoEraConfig({ protocol: '2026-07-28' }) } },
      { onElicitation: () => ({ action: 'accept', content: { confirm: true } }) },
    );
    try {
      const model = createScriptedModel([
        { toolCalls: [{ id: 'call_1', name: 'book', input: { city: 'Lisbon' } }] },
        { text: 'Done.' },
      ]);
      const { events } = await collectRun(runToolLoop({ model, tools: [mcp], prompt: 'Go.' }));

      expect(
        events
          .filter((event) => event.type.startsWith('tool-'))
          .map((event) => [event.type, 'message' in event ? event.message : undefined]),
      ).toEqual([
        ['tool-start', undefined],
        ['tool-progress', "MCP server 'trips' asks for input (round 1)."],
        ['tool-result', undefined],
      ]);
      expect(events.find((event) => event.type === 'tool-progress')).toMatchObject({
        toolCallId: 'call_1',
        name: 'book',
        progress: 1,
        kind: 'input',
        // The loop's round (from 0), as on tool-start.
        round: 0,
      });
    } finally {
      await mcp.close();
    }
  });

  it.each<McpProtocol>(['2026-07-28', '2025-11-25'])(
    'protocol %s: a declined form reaches the server as a decline',
    async (protocol) => {
      const { result } = await callOnce({
        config: twoEraConfig({ protocol }),
        tool: 'book',
        input: { city: 'Oslo' },
        options: { onElicitation: () => ({ action: 'decline' }) },
      });

      expect(textOf(result.toolCalls[0]?.output)).toBe('Not booked: decline.');
    },
  );

  it.each<McpProtocol>(['2026-07-28', '2025-11-25'])(
    'protocol %s: the same sampling handler answers a tool that samples',
    async (protocol) => {
      const samplingModel = createScriptedModel({ text: 'Short.' });
      const sampling = createSamplingHandler({ model: samplingModel });

      const { result, protocolVersion } = await callOnce({
        config: twoEraConfig({ protocol }),
        tool: 'summarize',
        input: { text: 'A long story.' },
        options: {
          configureClient: (client) => {
            sampling.attach(client);
          },
        },
      });

      expect(protocolVersion).toBe(protocol);
      expect(textOf(result.toolCalls[0]?.output)).toBe('Summary: Short.');
      expect(samplingModel.requests.map((request) => request.messages)).toEqual([
        [{ role: 'user', content: [{ type: 'text', text: 'Summarize: A long story.' }] }],
      ]);
    },
  );

  it.each<McpProtocol>(['2026-07-28', '2025-11-25'])(
    'protocol %s: a sampling request the host refuses fails the call, and the model is told',
    async (protocol) => {
      const samplingModel = createScriptedModel({ text: 'Never sent.' });
      const sampling = createSamplingHandler({ model: samplingModel, approve: () => false });

      const { result } = await callOnce({
        config: twoEraConfig({ protocol }),
        tool: 'summarize',
        input: { text: 'Private.' },
        options: {
          configureClient: (client) => {
            sampling.attach(client);
          },
        },
      });

      expect(result.stopReason).toBe('completed');
      expect(result.toolCalls[0]?.isError).toBe(true);
      expect(textOf(result.toolCalls[0]?.output)).toContain('The user rejected the sampling request.');
      expect(samplingModel.requests).toEqual([]);
    },
  );

  it('protocol 2026-07-28: an onElicitation that throws fails the call, and the model is told it was the host', async () => {
    const { result } = await callOnce({
      config: twoEraConfig({ protocol: '2026-07-28' }),
      tool: 'book',
      input: { city: 'Oslo' },
      options: {
        onElicitation: () => {
          throw new Error('The prompt window crashed.');
        },
      },
    });

    expect(result.toolCalls[0]?.isError).toBe(true);
    expect(textOf(result.toolCalls[0]?.output)).toMatch(
      /^Tool 'book' failed: MCP server 'trips' \(command '.+'\) asked for input during 'book', and the host's onElicitation failed: The prompt window crashed\.$/,
    );
  });

  it('bounds a server that asks at every round: the call fails naming the limit, the turn goes on', async () => {
    let asked = 0;
    const { result } = await callOnce({
      config: twoEraConfig({ protocol: '2026-07-28' }),
      tool: 'insist',
      input: {},
      options: {
        maxInputRounds: 3,
        onElicitation: () => {
          asked += 1;
          return { action: 'accept', content: { ok: true } };
        },
      },
    });

    expect(result.stopReason).toBe('completed');
    expect(result.toolCalls[0]?.isError).toBe(true);
    expect(textOf(result.toolCalls[0]?.output)).toMatch(
      /^Tool 'insist' failed: MCP server 'trips' \(command '.+'\) still asked for input after 3 rounds of answers to one call of 'insist' \(maxInputRounds\), so the call was given up\.$/,
    );
    expect(asked).toBe(3);
    expect((await readCalls()).length).toBe(4);
  });
});

describe('choosing the protocol revision', () => {
  it('auto speaks 2025-11-25 to a server that does not know the question', async () => {
    const { result, protocolVersion } = await callOnce({
      config: { command: process.execPath, args: [fakeServer] },
      tool: 'ping',
      input: {},
    });

    expect(protocolVersion).toBe('2025-11-25');
    expect(textOf(result.toolCalls[0]?.output)).toBe('pong');
  });

  it('auto starts again, in 2025-11-25, a server that exits on the question, and remembers it', async () => {
    const pidFile = join(directory, 'pids');
    const mcp = await connectMcpServers({
      servers: {
        strict: {
          command: process.execPath,
          args: [fakeServer, '--exit-on-unknown', '--pid-log', pidFile],
        },
      },
    });
    try {
      expect(mcp.protocolVersions().strict).toBe('2025-11-25');
      const model = createScriptedModel([{ toolCalls: [{ name: 'ping', input: {} }] }, { text: 'Done.' }]);
      const result = await runToolLoop({ model, tools: [mcp], prompt: 'Go.' }).result;
      expect(textOf(result.toolCalls[0]?.output)).toBe('pong');
    } finally {
      await mcp.close();
    }
    // Two starts: the one that exited on the question, then the one spoken to in 2025-11-25.
    expect((await readFile(pidFile, 'utf8')).trim().split('\n')).toHaveLength(2);
    expect(await openProcessesAndSockets()).toEqual(openAtStart);
  });

  it('auto starts again, in 2025-11-25, a server slow to start that then ends on the question', async () => {
    const pidFile = join(directory, 'pids');
    // Past the 5 s the question waits: `initialize` follows on the same pipe, and the server, once it reads,
    // meets the question first.
    const mcp = await connectMcpServers({
      servers: {
        slow: {
          command: process.execPath,
          args: [fakeServer, '--exit-on-unknown', '--start-delay-ms', '6000', '--pid-log', pidFile],
        },
      },
    });
    try {
      expect(mcp.protocolVersions().slow).toBe('2025-11-25');
    } finally {
      await mcp.close();
    }
    expect((await readFile(pidFile, 'utf8')).trim().split('\n')).toHaveLength(2);
  }, 30_000);

  it('ends a start aborted while a silent server is asked which revision it speaks, leaving nothing running', async () => {
    const start = new AbortController();
    const connecting = connectMcpServers(
      {
        servers: {
          silent: {
            command: process.execPath,
            args: ['-e', 'process.stdin.resume()'],
            protocol: '2026-07-28',
          },
        },
      },
      {
        signal: start.signal,
        onMessage: ({ direction, message }) => {
          if (direction === 'sent' && 'method' in message && message.method === 'server/discover') {
            start.abort(new Error('The host gave up.'));
          }
        },
      },
    );

    // Well within the 60 s the question may otherwise take.
    await expect(connecting).rejects.toThrow('The host gave up.');
    expect(await openProcessesAndSockets()).toEqual(openAtStart);
  }, 10_000);

  it('a server pinned to 2026-07-28 that speaks only 2025-11-25 fails to start, saying so', async () => {
    const start = connectMcpServers({
      servers: { old: { command: process.execPath, args: [fakeServer], protocol: '2026-07-28' } },
    });

    await expect(start).rejects.toThrow(
      /^MCP server 'old' \(command '.+'\) failed to start: it does not speak protocol 2026-07-28, which its config pins \(protocol\)\. Set protocol to 'auto' to speak the revision it offers\.$/,
    );
    expect(await openProcessesAndSockets()).toEqual(openAtStart);
  });

  it('a server that speaks only 2026-07-28, pinned to 2025-11-25, fails to start, saying so', async () => {
    const start = connectMcpServers({
      servers: { modern: twoEraConfig({ protocol: '2025-11-25', legacy: 'reject' }) },
    });

    await expect(start).rejects.toThrow(
      /^MCP server 'modern' \(command '.+'\) failed to start: it does not speak protocol 2025-11-25, which its config pins \(protocol\); it speaks 2026-07-28\. Set protocol to 'auto' to speak the revision it offers\.$/,
    );
  });

  it('auto speaks 2026-07-28 to a server that speaks only that', async () => {
    const { result, protocolVersion } = await callOnce({
      config: twoEraConfig({ legacy: 'reject' }),
      tool: 'book',
      input: { city: 'Rome' },
      options: { onElicitation: () => ({ action: 'accept', content: { confirm: true } }) },
    });

    expect(protocolVersion).toBe('2026-07-28');
    expect(textOf(result.toolCalls[0]?.output)).toBe('Booked Rome.');
  });
});
