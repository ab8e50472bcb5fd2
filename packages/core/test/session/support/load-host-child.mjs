// One host of the load test: it serves sessions from a Postgres store shared with the other hosts, and sends its
// plan of messages (`<session>/<message>`, comma-separated), one after the other. Each turn asks for a `charge`
// (not idempotent: each run is a line in the runs file), then answers. It prints `sent <session> <message>` before
// each message, `done <session> <message> <stopReason>` once its turn has ended, and `finished` at the end. The
// test kills hosts midway and starts them again with what was left of their plan.
import { appendFileSync } from 'node:fs';
import process from 'node:process';
import { defineTool } from '../../../src/index.ts';
import { SessionManager } from '../../../src/session/index.ts';
import { createPostgresSessionStore } from '../../../src/session/postgres/index.ts';
import { createScriptedModel } from '../../../src/testing/index.ts';

const [connectionString, schema, host, plan, runsFile] = process.argv.slice(2);
const store = createPostgresSessionStore({ connectionString, schema });
const model = createScriptedModel((request) => {
  const last = request.messages.at(-1);
  const asked = [...request.messages].reverse().find((message) => message.role === 'user')?.content;
  if (last?.role === 'user') return { toolCalls: [{ id: `charge-${asked}`, name: 'charge', input: {} }] };
  return { text: `done ${asked}` };
});
const charge = defineTool({
  name: 'charge',
  inputSchema: { type: 'object' },
  execute: (_input, { toolCallId }) => {
    appendFileSync(runsFile, `${toolCallId}\n`);
    return 'charged';
  },
});
const manager = new SessionManager({
  createModel: () => model,
  store,
  hostId: host,
  tools: [charge],
  // A killed host's sessions are free again a second after its last renewal.
  leaseTtlMs: 1_000,
  sessionBusyTimeoutMs: 120_000,
});
for (const item of plan.split(',').filter(Boolean)) {
  const [sessionId, message] = item.split('/');
  process.stdout.write(`sent ${sessionId} ${message}\n`);
  const result = await manager.sendMessage(sessionId, message);
  process.stdout.write(`done ${sessionId} ${message} ${result.stopReason}\n`);
}
await manager.dispose();
await store.close();
process.stdout.write('finished\n');
