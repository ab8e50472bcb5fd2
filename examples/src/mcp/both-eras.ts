import { runToolLoop } from '@toolloop/core';
import { connectMcpServers, type McpProtocol } from '@toolloop/core/mcp';
import { createScriptedModel } from '@toolloop/core/testing';

// The server of this directory (trips-server.mjs), started as a user's config would: a command and its arguments.
const server = new URL('trips-server.mjs', import.meta.url).pathname;

for (const protocol of ['auto', '2025-11-25'] satisfies McpProtocol[]) {
  const mcp = await connectMcpServers(
    { servers: { trips: { command: process.execPath, args: [server], protocol } } },
    {
      // One handler for both revisions: a 2025 server asks with a request during the call, a 2026 server in
      // the call's answer.
      onElicitation: (request) => {
        console.log(`asked: ${request.message}`);
        return { action: 'accept', content: { ok: true } };
      },
    },
  );
  try {
    // Any Model works here.
    const model = createScriptedModel([
      { toolCalls: [{ name: 'book', input: { city: 'Lisbon' } }] },
      { text: 'Booked.' },
    ]);
    const result = await runToolLoop({ model, tools: [mcp], prompt: 'Book Lisbon.' }).result;
    const output = result.toolCalls[0]?.output.content[0];
    console.log(
      `protocol ${protocol}: spoke ${mcp.protocolVersions().trips}; ${output?.type === 'text' ? output.text : ''}`,
    );
  } finally {
    await mcp.close();
  }
}
