import { createMockMcpServer, type MockMcpServer } from '@toolloop/mock-mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { runToolLoop } from '../../src/loop/run-tool-loop.js';
import { connectMcpServers } from '../../src/mcp/index.js';
import { collectRun } from '../../src/testing/collect-run.js';
import { createScriptedModel } from '../../src/testing/scripted-model.js';

const openServers: MockMcpServer[] = [];
afterEach(async () => {
  await Promise.all(openServers.splice(0).map((server) => server.close()));
});

/** An object schema whose properties nest `levels` times: `{ properties: { inner: { properties: … } } }`. */
function nestedProperties(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < levels; level += 1) schema = { type: 'object', properties: { inner: schema } };
  return schema;
}

/** An object schema of exactly `depth` levels of JSON objects and arrays: a list of lists … of strings. */
function schemaOfDepth(depth: number): Record<string, unknown> {
  // The root object, its `properties`, the property's schema: three levels before the first `items`.
  let items: Record<string, unknown> = { type: 'string' };
  for (let level = 3; level < depth; level += 1) items = { type: 'array', items };
  return { type: 'object', properties: { list: items } };
}

/** A turn in which the model calls `ping` and then answers, over a server that also offers `tool`. */
async function runTurnBeside(tool: { name: string; inputSchema: unknown; outputSchema?: unknown }) {
  const server = createMockMcpServer({
    tools: [
      { ...tool, responses: [{ text: 'never called' }] },
      { name: 'ping', inputSchema: { type: 'object' }, responses: [{ text: 'pong' }] },
    ],
  } as Parameters<typeof createMockMcpServer>[0]);
  openServers.push(server);
  const mcp = await connectMcpServers({
    servers: { docs: { createTransport: () => server.connectInMemory() } },
  });
  try {
    const model = createScriptedModel([{ toolCalls: [{ name: 'ping', input: {} }] }, { text: 'Pinged.' }]);
    const { events, result } = await collectRun(runToolLoop({ model, tools: [mcp], prompt: 'Go' }));
    return {
      events,
      result,
      offered: model.requests[0]?.tools.map((offered) => offered.name),
      skippedTools: mcp.skippedTools,
    };
  } finally {
    await mcp.close();
  }
}

describe('a tool whose schema nests too deep for a model request', () => {
  it('is left out with a warning naming the server and the tool (inputSchema of 1,000 levels), and the turn goes on', async () => {
    const { events, result, offered, skippedTools } = await runTurnBeside({
      name: 'deep',
      inputSchema: nestedProperties(1_000),
    });

    expect(result.stopReason).toBe('completed');
    expect(result.toolCalls.map((call) => [call.name, call.isError])).toEqual([['ping', false]]);
    expect(offered).toEqual(['ping']);
    expect(events.filter((event) => event.type === 'warning')).toEqual([
      {
        type: 'warning',
        code: 'tool_skipped',
        message:
          "Tool 'deep' of MCP server 'docs' is left out: its inputSchema nests deeper than 256 levels, more than a request to the model can carry.",
      },
    ]);
    expect(skippedTools).toEqual([
      {
        serverName: 'docs',
        toolName: 'deep',
        reason: 'its inputSchema nests deeper than 256 levels, more than a request to the model can carry',
      },
    ]);
  });

  it('is left out with a warning for an outputSchema of 1,000 levels too', async () => {
    const { events, result, offered } = await runTurnBeside({
      name: 'deep_output',
      inputSchema: { type: 'object' },
      outputSchema: nestedProperties(1_000),
    });

    expect(result.stopReason).toBe('completed');
    expect(offered).toEqual(['ping']);
    expect(events.filter((event) => event.type === 'warning').map((event) => event.message)).toEqual([
      "Tool 'deep_output' of MCP server 'docs' is left out: its outputSchema nests deeper than 256 levels, more than a request to the model can carry.",
    ]);
  });

  it('is offered at 256 levels, and left out at 257', async () => {
    const atLimit = await runTurnBeside({
      name: 'at_limit',
      inputSchema: schemaOfDepth(256),
      outputSchema: schemaOfDepth(256),
    });
    const overLimit = await runTurnBeside({ name: 'over_limit', inputSchema: schemaOfDepth(257) });

    expect(atLimit.offered).toEqual(['at_limit', 'ping']);
    expect(overLimit.offered).toEqual(['ping']);
  });
});
