// One host of a service whose hosts share a store (by the two-host process test): a file-store directory, or
// a Postgres schema when the first argument is a connection string (then the second names the schema). It sends
// `turns` messages, one after the other, to one session that the other host sends messages to at the same
// time. Its model notes in the journal file when each of its turns starts and ends (with an await between, so
// that turns of the two hosts would overlap if nothing kept them apart). It prints `done`; a failure ends it
// with the error on stderr.
import { appendFile, readFile } from 'node:fs/promises';
import process from 'node:process';
import { createFileSessionStore, SessionManager } from '../../../src/session/index.ts';
import { createPostgresSessionStore } from '../../../src/session/postgres/index.ts';
import { createScriptedModel } from '../../../src/testing/index.ts';

const [where, schema, sessionId, name, turns, journal] = process.argv.slice(2);
const store = where.startsWith('postgres://')
  ? createPostgresSessionStore({ connectionString: where, schema })
  : createFileSessionStore({ directory: where });
const model = createScriptedModel(async (request) => {
  const text = request.messages.at(-1)?.content;
  await appendFile(journal, `start ${text}\n`);
  // Some work that yields to the event loop, as a model's answer does.
  await readFile(journal);
  await appendFile(journal, `end ${text}\n`);
  return { text: `answer to ${text}` };
});
const manager = new SessionManager({
  createModel: () => model,
  store,
  hostId: name,
});
for (let turn = 0; turn < Number(turns); turn += 1) {
  const result = await manager.sendMessage(sessionId, `${name}-${turn}`);
  if (result.stopReason !== 'completed') throw new Error(`turn ${turn} ended ${result.stopReason}`);
}
await manager.dispose();
await store.close?.();
process.stdout.write('done\n');
