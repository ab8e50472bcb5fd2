// An MCP server written with the v2 server SDK, over stdio: it speaks 2026-07-28 to a client that asks
// (`server/discover`) and 2025-11-25 to one that opens with `initialize`, from the same tools. In 2026 a tool asks
// for input by answering `input_required` and reads the answers on the retry; in 2025 the SDK turns the same
// answer into a request to the client (`elicitation/create`, `sampling/createMessage`). Flags:
//   --legacy reject       refuse 2025-11-25 clients (a server that speaks only 2026-07-28)
//   --calls-file <path>   append a line per tool call round: { tool, round, responses, requestState }
// Tools:
//   book { city }      asks the user to confirm (a form: { confirm: boolean }); "Booked <city>." when accepted,
//                      "Not booked: <action>." otherwise. Its requestState is checked on the retry.
//   summarize { text } asks the client's model to summarize (sampling); answers "Summary: <the model's text>".
//   insist {}          asks again at every round: never finishes.
import { appendFileSync } from 'node:fs';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const { values } = parseArgs({
  options: {
    legacy: { type: 'string', default: 'serve' },
    'calls-file': { type: 'string' },
  },
});

const record = (entry) => {
  if (values['calls-file'] !== undefined) appendFileSync(values['calls-file'], `${JSON.stringify(entry)}\n`);
};
const text = (value) => ({ content: [{ type: 'text', text: value }] });
const bookingState = 'booking:v1';

function createServer() {
  const server = new McpServer({ name: 'two-era', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool(
    'book',
    { description: 'Books a trip.', inputSchema: z.object({ city: z.string() }) },
    async ({ city }, context) => {
      const responses = context.mcpReq.inputResponses;
      const requestState = context.mcpReq.requestState?.();
      record({ tool: 'book', responses: responses ?? null, requestState: requestState ?? null });
      const answer = inputResponse(responses, 'confirm');
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
          requestState: bookingState,
        });
      }
      if (requestState !== undefined && requestState !== bookingState) {
        return { ...text(`requestState came back as ${JSON.stringify(requestState)}.`), isError: true };
      }
      if (answer.kind === 'elicit' && answer.action === 'accept' && answer.content?.confirm === true) {
        return text(`Booked ${city}.`);
      }
      return text(`Not booked: ${answer.kind === 'elicit' ? answer.action : answer.kind}.`);
    },
  );
  server.registerTool(
    'summarize',
    { description: 'Summarizes a text with the client model.', inputSchema: z.object({ text: z.string() }) },
    async ({ text: input }, context) => {
      const responses = context.mcpReq.inputResponses;
      record({ tool: 'summarize', responses: responses ?? null });
      const answer = inputResponse(responses, 'summary');
      if (answer.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            summary: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${input}` } }],
              maxTokens: 100,
            }),
          },
        });
      }
      const result = responses.summary;
      const content = Array.isArray(result.content) ? result.content[0] : result.content;
      return text(`Summary: ${content?.type === 'text' ? content.text : JSON.stringify(result)}`);
    },
  );
  server.registerTool('insist', { description: 'Never satisfied.' }, async (context) => {
    record({ tool: 'insist', responses: context.mcpReq.inputResponses ?? null });
    return inputRequired({
      inputRequests: {
        again: inputRequired.elicit({
          message: 'Once more?',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        }),
      },
    });
  });
  return server;
}

serveStdio(() => createServer(), { legacy: values.legacy === 'reject' ? 'reject' : 'serve' });
process.stdin.on('end', () => process.exit(0));
