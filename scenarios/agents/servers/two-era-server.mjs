// A real MCP server written with the v2 server SDK, over stdio, for the scenarios that speak to a server in
// either protocol revision: 2026-07-28 to a client that asks (`server/discover`), 2025-11-25 to one that opens
// with `initialize`. Its tools say in their answer which revision they were served in.
//   --legacy reject   speak only 2026-07-28 (refuse a client that opens with `initialize`)
// Tools:
//   book { city }   asks the user to confirm, in a form ({ confirm: boolean }): in 2026-07-28 by answering the
//                   call with `input_required` and reading the answer on the call that follows; in 2025-11-25
//                   the SDK sends the same question as an `elicitation/create` request during the call.
//                   Answers "Booked <city> (<revision>)." or "Not booked: <decline|cancel> (<revision>).".
import process from 'node:process';
import { parseArgs } from 'node:util';
import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const { values } = parseArgs({ options: { legacy: { type: 'string', default: 'serve' } } });

function createServer({ era }) {
  const revision = era === 'modern' ? '2026-07-28' : '2025-11-25';
  const server = new McpServer({ name: 'two-era', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool(
    'book',
    { description: 'Books a trip, once the user confirms.', inputSchema: z.object({ city: z.string() }) },
    async ({ city }, context) => {
      const answer = inputResponse(context.mcpReq.inputResponses, 'confirm');
      if (answer.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Book a trip to ${city}?`,
              requestedSchema: {
                type: 'object',
                properties: { confirm: { type: 'boolean', title: 'Confirm' } },
                required: ['confirm'],
              },
            }),
          },
        });
      }
      const booked =
        answer.kind === 'elicit' && answer.action === 'accept' && answer.content?.confirm === true;
      const text = booked
        ? `Booked ${city} (${revision}).`
        : `Not booked: ${answer.kind === 'elicit' ? answer.action : answer.kind} (${revision}).`;
      return { content: [{ type: 'text', text }] };
    },
  );
  return server;
}

serveStdio(createServer, { legacy: values.legacy === 'reject' ? 'reject' : 'serve' });
process.stdin.on('end', () => process.exit(0));
