// A host killed in the middle of a round (by the crash-resume test). Its session lives in a file-store directory,
// or in a Postgres schema when the first argument is a connection string (the second names the schema). Its one
// turn asks for three calls at once: `email` finishes, `book` and `lookup` start and never finish. Each run of a
// tool is a line in the runs file. Once the store holds the journal of that moment, it prints `crash-point` and
// waits to be killed.
import { appendFileSync } from 'node:fs';
import process from 'node:process';
import { defineTool } from '../../../src/index.ts';
import { createFileSessionStore, SessionManager } from '../../../src/session/index.ts';
import { createPostgresSessionStore } from '../../../src/session/postgres/index.ts';
import { createScriptedModel } from '../../../src/testing/index.ts';

const [where, schema, runsFile] = process.argv.slice(2);
const inner = where.startsWith('postgres://')
  ? createPostgresSessionStore({ connectionString: where, schema })
  : createFileSessionStore({ directory: where });
let printed = false;
const store = {
  ...inner,
  async save(session, options) {
    const version = await inner.save(session, options);
    const journal = session.toolJournal ?? {};
    if (
      !printed &&
      journal.c1?.status === 'finished' &&
      journal.c2 !== undefined &&
      journal.c3 !== undefined
    ) {
      printed = true;
      process.stdout.write('crash-point\n');
    }
    return version;
  },
};
const never = new Promise(() => undefined);
const tool = (name, execute) =>
  defineTool({
    name,
    inputSchema: { type: 'object' },
    execute,
    ...(name === 'lookup' ? { idempotent: true } : {}),
  });
const manager = new SessionManager({
  createModel: () =>
    createScriptedModel([
      {
        toolCalls: [
          { id: 'c1', name: 'email', input: {} },
          { id: 'c2', name: 'book', input: {} },
          { id: 'c3', name: 'lookup', input: {} },
        ],
      },
    ]),
  store,
  hostId: 'doomed-host',
  // Postgres cannot tell that this process died: its lease must run out.
  leaseTtlMs: 1_500,
  tools: [
    tool('email', () => {
      appendFileSync(runsFile, 'email\n');
      return 'email sent';
    }),
    tool('book', async () => {
      appendFileSync(runsFile, 'book\n');
      return never;
    }),
    tool('lookup', async () => {
      appendFileSync(runsFile, 'lookup\n');
      return never;
    }),
  ],
});
const session = await manager.initializeSession({ type: 'openai', model: 'gpt-5' });
process.stdout.write(`session ${session.id}\n`);
await manager.sendMessage(session.id, 'Email, book and look up.');
