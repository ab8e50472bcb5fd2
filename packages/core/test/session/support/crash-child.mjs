// A host that is killed mid-conversation (by the crash test). It creates a session in a file store, finishes
// one message (a tool call and an answer), prints the session id, starts a second message whose model never
// answers, prints `second-started`, and waits to be killed.
import process from 'node:process';
import { defineTool } from '../../../src/index.ts';
import { createFileSessionStore, SessionManager } from '../../../src/session/index.ts';
import { createScriptedModel } from '../../../src/testing/index.ts';

const [directory] = process.argv.slice(2);
const model = createScriptedModel((_request, index) => {
  if (index === 0) return { toolCalls: [{ id: 'call_1', name: 'lookup', input: { key: 'a' } }] };
  if (index === 1) return { text: 'The value of a is 1.' };
  process.stdout.write('second-started\n');
  return { hang: true };
});
const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a key up',
  inputSchema: { type: 'object', properties: { key: { type: 'string' } } },
  execute: () => '1',
});
const manager = new SessionManager({
  createModel: () => model,
  store: createFileSessionStore({ directory }),
  tools: [lookup],
});

const session = await manager.initializeSession({
  type: 'claude',
  api_key: 'sk-ant-child-secret',
  model: 'claude-sonnet-4-6',
  max_tool_calls: { per_session: 10 },
});
await manager.sendMessage(session.id, 'What is a?');
process.stdout.write(`session ${session.id}\n`);
// Never settles: the parent kills this process while the turn waits for the model.
await manager.sendMessage(session.id, 'And b?');
