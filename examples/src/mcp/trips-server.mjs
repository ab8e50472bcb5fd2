// An MCP server written with the v2 server SDK, over stdio. It speaks both protocol revisions: 2026-07-28 to a
// client that asks which it speaks, 2025-11-25 to one that opens with `initialize`.
import process from 'node:process';
import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

serveStdio(({ era }) => {
  const server = new McpServer({ name: 'trips', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool(
    'book',
    { description: 'Books a trip once the user confirms.', inputSchema: z.object({ city: z.string() }) },
    ({ city }, context) => {
      const answer = inputResponse(context.mcpReq.inputResponses, 'confirm');
      if (answer.kind === 'missing') {
        // Ask the user. In 2026-07-28 this answers the call; the client calls again with the answer.
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Book a trip to ${city}?`,
              requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
            }),
          },
        });
      }
      const booked = answer.kind === 'elicit' && answer.action === 'accept' && answer.content?.ok === true;
      const revision = era === 'modern' ? '2026-07-28' : '2025-11-25';
      return {
        content: [{ type: 'text', text: `${booked ? 'Booked' : 'Not booked'}: ${city} (${revision})` }],
      };
    },
  );
  return server;
});
process.stdin.on('end', () => process.exit(0));
