// One host of the hosts benchmark (a process of its own, which the harness kills and starts again): a
// SessionManager over the Postgres store the other hosts share. Arguments: the connection string, the schema, the
// host's name (`h<slot>-r<run>`), the session ids (comma-separated) and the file each `charge` run is appended to.
// It prints `ready`, waits for `go <deadline, epoch ms>` on stdin, then until the deadline sends messages
// (`<host>-m<sequence>`) to random sessions, one after another, printing `sent <session> <text>` before each and
// `done <session> <text> <stopReason> <ms>` (or `failed <session> <text> <error>`) after; then `finished`.
import process from 'node:process';
import { createInterface } from 'node:readline';
import { SessionManager } from '@toolloop/core/session';
import { createPostgresSessionStore } from '@toolloop/core/session/postgres';
import { createChargeModel, createChargeTool } from './charge-turn.js';

const [connectionString, schema, host, sessionList, runsFile] = process.argv.slice(2);
if (
  connectionString === undefined ||
  schema === undefined ||
  host === undefined ||
  sessionList === undefined ||
  runsFile === undefined
)
  throw new Error('Usage: host-child <connection string> <schema> <host> <session ids> <runs file>');
const sessionIds = sessionList.split(',');

const store = createPostgresSessionStore({ connectionString, schema });
const model = createChargeModel({ host });
const manager = new SessionManager({
  createModel: () => model,
  store,
  hostId: host,
  tools: [createChargeTool({ host, runsFile })],
  // A killed host's sessions are free again a second after its last renewal.
  leaseTtlMs: 1_000,
  sessionBusyTimeoutMs: 120_000,
});

const print = (line: string) => process.stdout.write(`${line}\n`);
print('ready');
const deadline = await readDeadline();
let sequence = 0;
while (Date.now() < deadline) {
  const sessionId = sessionIds[Math.floor(Math.random() * sessionIds.length)] ?? '';
  const text = `${host}-m${sequence}`;
  sequence += 1;
  print(`sent ${sessionId} ${text}`);
  const startedAt = performance.now();
  try {
    const result = await manager.sendMessage(sessionId, text);
    print(`done ${sessionId} ${text} ${result.stopReason} ${(performance.now() - startedAt).toFixed(3)}`);
  } catch (error) {
    const described = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    print(`failed ${sessionId} ${text} ${described.replaceAll('\n', ' ')}`);
  }
}
await manager.dispose();
await store.close();
print('finished');

/** The deadline of the `go` line the harness writes once every host is ready. */
async function readDeadline(): Promise<number> {
  const lines = createInterface({ input: process.stdin });
  try {
    for await (const line of lines) {
      const [word, value] = line.split(' ');
      if (word === 'go' && value !== undefined) return Number(value);
    }
  } finally {
    lines.close();
    process.stdin.destroy();
  }
  throw new Error(`${host}: stdin ended before the harness said go.`);
}
