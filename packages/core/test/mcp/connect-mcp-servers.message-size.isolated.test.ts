import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolLoop } from '../../src/loop/run-tool-loop.js';
import { connectMcpServers } from '../../src/mcp/index.js';
import { collectRun } from '../../src/testing/collect-run.js';
import { createScriptedModel } from '../../src/testing/scripted-model.js';
import { openProcessesAndSockets } from './assert-nothing-left.js';
import { stillRunning } from './process-table.js';

const fakeServerPath = fileURLToPath(new URL('./support/fake-stdio-server.mjs', import.meta.url));
const textOf = (output: { content: Array<{ type: string; text?: string }> }) =>
  output.content.map((block) => block.text ?? '').join('\n');
/** A turn that reads the large answer, then pings the server, then answers. */
const readThenPing = () =>
  createScriptedModel([
    { toolCalls: [{ name: 'read_large', input: {} }] },
    { toolCalls: [{ name: 'ping', input: {} }] },
    { text: 'Done.' },
  ]);

let openAtStart: string[] = [];

beforeAll(async () => {
  openAtStart = await openProcessesAndSockets();
});
afterAll(async () => {
  // Every server, client and child process of this file is closed by now.
  expect(await openProcessesAndSockets()).toEqual(openAtStart);
});

describe('a stdio answer over the size limit', () => {
  it(
    'fails that call naming the server and the size (10 MiB by default), ends the server, and restarts it for the next call',
    { timeout: 60_000 },
    async () => {
      const mcp = await connectMcpServers({
        servers: {
          files: { command: process.execPath, args: [fakeServerPath, '--large-answer-bytes', '11534336'] },
        },
      });
      const firstId = mcp.processIds().files!;
      try {
        const { result } = await collectRun(
          runToolLoop({ model: readThenPing(), tools: [mcp], prompt: 'Go' }),
        );

        expect(result.stopReason).toBe('completed');
        expect(result.toolCalls.map((call) => [call.name, call.isError, textOf(call.output)])).toEqual([
          [
            'read_large',
            true,
            `Tool 'read_large' failed: MCP server 'files' (command '${process.execPath}') sent a message of 11,534,336 bytes, more than its limit of 10,485,760 (maxMessageBytes), so the connection was closed; it will be restarted on the next call. Raise the server's maxMessageBytes if its answers are this large.`,
          ],
          ['ping', false, 'pong'],
        ]);
        expect(stillRunning([firstId])).toEqual([]);
        expect(mcp.processIds().files).not.toBe(firstId);
      } finally {
        await mcp.close();
      }
    },
  );

  it('is set per server by maxMessageBytes: an answer of that size passes, one byte more does not', async () => {
    const server = (answerBytes: number) => ({
      command: process.execPath,
      args: [fakeServerPath, '--large-answer-bytes', String(answerBytes)],
      maxMessageBytes: 2_000,
    });
    const mcp = await connectMcpServers({ servers: { fits: server(2_000), over: server(2_001) } });
    try {
      const call = (name: string) =>
        mcp.callTool({ toolCallId: name, name, input: {}, signal: new AbortController().signal });

      expect(textOf(await call('fits__read_large'))).toMatch(/^x+$/);
      await expect(call('over__read_large')).rejects.toThrow(
        "MCP server 'over' (command '" +
          process.execPath +
          "') sent a message of 2,001 bytes, more than its limit of 2,000 (maxMessageBytes), so the connection was closed",
      );
    } finally {
      await mcp.close();
    }
  });

  it('that never ends is cut off after closeGracePeriodMs, and the error says how much had arrived', async () => {
    const mcp = await connectMcpServers(
      {
        servers: {
          endless: {
            command: process.execPath,
            args: [fakeServerPath, '--large-answer-bytes', '2500', '--unterminated'],
            maxMessageBytes: 2_000,
          },
        },
      },
      { closeGracePeriodMs: 200 },
    );
    const serverId = mcp.processIds().endless!;
    try {
      await expect(
        mcp.callTool({
          toolCallId: '1',
          name: 'read_large',
          input: {},
          signal: new AbortController().signal,
        }),
      ).rejects.toThrow(
        'sent a message over its limit of 2,000 bytes (maxMessageBytes; 2,500 had arrived when the server was ended), so the connection was closed; it will be restarted on the next call.',
      );
      expect(stillRunning([serverId])).toEqual([]);
    } finally {
      await mcp.close();
    }
  });
});
