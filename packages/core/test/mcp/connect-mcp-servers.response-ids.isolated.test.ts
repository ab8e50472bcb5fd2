import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServers } from '../../src/mcp/index.js';
import { openProcessesAndSockets } from './assert-nothing-left.js';

const fakeServerPath = fileURLToPath(new URL('./support/fake-stdio-server.mjs', import.meta.url));

let openAtStart: string[] = [];

beforeAll(async () => {
  openAtStart = await openProcessesAndSockets();
});
afterAll(async () => {
  // Every server, client and child process of this file is closed by now.
  expect(await openProcessesAndSockets()).toEqual(openAtStart);
});

describe('an answer whose id differs in type from its request’s', () => {
  it('is refused: the call fails at once saying why, instead of taking the answer (request 1, answer "1")', async () => {
    const mcp = await connectMcpServers({
      servers: { odd: { command: process.execPath, args: [fakeServerPath, '--string-id-answers'] } },
    });
    try {
      const call = mcp.callTool({
        toolCallId: '1',
        name: 'ping',
        input: {},
        signal: new AbortController().signal,
      });

      // The client's first requests were initialize (0) and tools/list (1).
      await expect(call).rejects.toThrow(
        `MCP server 'odd' (command '${process.execPath}') answered request 2 with the id "2", a string where the request's was a number; JSON-RPC requires the request's id unchanged, so the answer was refused.`,
      );
    } finally {
      await mcp.close();
    }
  });
});
