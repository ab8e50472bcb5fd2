// One worker process of a service whose workers share a file-store directory (by the two-process store test).
// For each session in turn it loads the session, prints `ready`, and waits for a `go` line on stdin, so that
// every worker starts on the session at once (the end of stdin stops it); then it saves `turns` turns, each
// one user message of about `bytes` bytes, as a turn's save does. It prints `saved <marker>` for a save that
// resolved and `conflict <marker>` for one refused with SessionConflictError (then it reads the session again,
// as a manager does, and goes on), and `done` at the end. Any other failure ends it with the error on stderr.
import process from 'node:process';
import { createInterface } from 'node:readline';
import { createFileSessionStore, SessionConflictError } from '../../../src/session/index.ts';

const [directory, sessionList, name, turns, bytes] = process.argv.slice(2);
const store = createFileSessionStore({ directory });
const padding = 'x'.repeat(Number(bytes));
const commands = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

for (const sessionId of sessionList.split(',')) {
  let session = await store.load(sessionId);
  process.stdout.write('ready\n');
  if ((await commands.next()).done === true) break;
  for (let turn = 0; turn < Number(turns); turn += 1) {
    const marker = `${sessionId}/${name}-${turn}`;
    if (session === undefined) throw new Error(`Session '${sessionId}' is not in '${directory}'.`);
    const next = {
      ...session,
      messages: [...session.messages, { role: 'user', content: `${marker} ${padding}` }],
    };
    try {
      session = { ...next, version: await store.save(next, { change: { appendedMessages: 1 } }) };
      process.stdout.write(`saved ${marker}\n`);
    } catch (error) {
      if (!SessionConflictError.isInstance(error)) throw error;
      process.stdout.write(`conflict ${marker}\n`);
      session = await store.load(sessionId);
    }
  }
}
process.stdout.write('done\n');
process.stdin.destroy();
