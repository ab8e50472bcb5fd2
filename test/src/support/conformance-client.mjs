// The client the MCP conformance suite drives: connectMcpServers from the built @toolloop/core, pointed at the
// URL the suite appends, doing what the scenario named in MCP_CONFORMANCE_SCENARIO asks of a client.
import process from 'node:process';
import { connectMcpServers } from '@toolloop/core/mcp';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
/** The tool each scenario expects the client to call, with its arguments. */
const calls = {
  tools_call: { name: 'add_numbers', input: { a: 2, b: 3 } },
  'elicitation-sep1034-client-defaults': { name: 'test_client_elicitation_defaults', input: {} },
  'sse-retry': { name: 'test_reconnection', input: {} },
};

const mcp = await connectMcpServers(
  { servers: { conformance: { url } } },
  // Accept with no values of its own: the schema's defaults fill the form.
  { onElicitation: () => ({ action: 'accept', content: {} }) },
);
try {
  const signal = globalThis.AbortSignal.timeout(20_000);
  await mcp.listTools({ signal });
  const call = calls[scenario];
  if (call !== undefined) {
    const output = await mcp.callTool({ toolCallId: 'conformance-1', ...call, signal });
    process.stdout.write(`${JSON.stringify(output)}\n`);
  }
} finally {
  await mcp.close();
}
