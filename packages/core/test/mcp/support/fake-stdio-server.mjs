// A minimal MCP server over stdio (newline-delimited JSON-RPC) that misbehaves on request, for the tests that
// check which processes are left after a start fails, is aborted, or a server is closed. Flags:
//   --pid-file <path>            write its process id there (complete, by rename) once running
//   --exit-when-exists <path>    exit with code 3 (after a line on stderr) once that file exists
//   --initialize-delay-ms <n>    answer `initialize` after n ms; `never` leaves it unanswered
//   --ignore-eof                 keep running after stdin closes (a well-behaved server exits)
//   --ignore-term                ignore SIGTERM
//   --straggler-pid-file <path>  start a child process that does not use stdio (it stays in this process
//                                group and outlives this server), and write its process id there
//   --exit-on-call               exit with code 70 on `tools/call`, without answering (a crash)
//   --escapee-pid-file <path>    start a child process in a session of its own (setsid, as `detached` does), so
//                                outside this process group, that keeps this server's stdout open; write its id
//   --large-answer-bytes <n>     also list a tool `read_large`, whose call is answered by one line of n bytes
//                                (the newline not counted), as a server returning a big file would
//   --unterminated               ...and never ends that line: the newline is not sent
//   --string-id-answers          answer `tools/call` with the request's id as a string (request 1, answer "1")
//   --exit-on-unknown            exit with code 1 on a request it does not know (as servers built on some SDKs
//                                do on anything before `initialize`), instead of answering -32601
//   --pid-log <path>             append its process id to that file, a line per start
//   --start-delay-ms <n>         read nothing for n ms after it starts (a server slow to start: npx, a container)
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, renameSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { createInterface } from 'node:readline';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    'pid-file': { type: 'string' },
    'exit-when-exists': { type: 'string' },
    'initialize-delay-ms': { type: 'string', default: '0' },
    'ignore-eof': { type: 'boolean', default: false },
    'ignore-term': { type: 'boolean', default: false },
    'straggler-pid-file': { type: 'string' },
    'exit-on-call': { type: 'boolean', default: false },
    'escapee-pid-file': { type: 'string' },
    'large-answer-bytes': { type: 'string' },
    unterminated: { type: 'boolean', default: false },
    'string-id-answers': { type: 'boolean', default: false },
    'exit-on-unknown': { type: 'boolean', default: false },
    'pid-log': { type: 'string' },
    'start-delay-ms': { type: 'string', default: '0' },
  },
});

if (values['ignore-term']) process.on('SIGTERM', () => undefined);
if (values['ignore-eof']) setInterval(() => undefined, 60_000);

// Written whole, then renamed: whoever sees the file can read the id.
const writePidFile = (path, processId) => {
  writeFileSync(`${path}.partial`, String(processId));
  renameSync(`${path}.partial`, path);
};
if (values['pid-file'] !== undefined) writePidFile(values['pid-file'], process.pid);
if (values['pid-log'] !== undefined) appendFileSync(values['pid-log'], `${process.pid}\n`);
if (values['straggler-pid-file'] !== undefined) {
  const straggler = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
  straggler.unref();
  writePidFile(values['straggler-pid-file'], straggler.pid);
}

if (values['escapee-pid-file'] !== undefined) {
  const escapee = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], {
    detached: true,
    stdio: ['ignore', 'inherit', 'ignore'],
  });
  escapee.unref();
  writePidFile(values['escapee-pid-file'], escapee.pid);
}

const exitWhenExists = values['exit-when-exists'];
if (exitWhenExists !== undefined) {
  const check = setInterval(() => {
    if (!existsSync(exitWhenExists)) return;
    clearInterval(check);
    process.stderr.write('missing API token\n');
    process.exit(3);
  }, 10);
}

const send = (message, { newline = true } = {}) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}${newline ? '\n' : ''}`);
const largeAnswerBytes =
  values['large-answer-bytes'] === undefined ? undefined : Number(values['large-answer-bytes']);
/** A text result whose answer to request `id` is a line of exactly `largeAnswerBytes` bytes. */
const largeResult = (id) => {
  const empty = JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: '' }] } });
  return { content: [{ type: 'text', text: 'x'.repeat(largeAnswerBytes - empty.length) }] };
};
const answers = {
  initialize: (params) => ({
    protocolVersion: params.protocolVersion,
    capabilities: { tools: {} },
    serverInfo: { name: 'fake-stdio-server', version: '1.0.0' },
  }),
  'tools/list': () => ({
    tools: [
      { name: 'ping', inputSchema: { type: 'object' } },
      ...(largeAnswerBytes === undefined ? [] : [{ name: 'read_large', inputSchema: { type: 'object' } }]),
    ],
  }),
  'tools/call': (params, id) =>
    params.name === 'read_large' ? largeResult(id) : { content: [{ type: 'text', text: 'pong' }] },
  ping: () => ({}),
};

const serve = () => {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    const answer = answers[message.method];
    if (message.id === undefined) return;
    if (answer === undefined) {
      if (values['exit-on-unknown']) process.exit(1);
      // As JSON-RPC requires, and the MCP SDKs answer (`server/discover` from a client asking which revision
      // this server speaks, among others).
      send({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
      return;
    }
    if (message.method === 'tools/call' && values['exit-on-call']) process.exit(70);
    const delay = message.method === 'initialize' ? values['initialize-delay-ms'] : '0';
    if (delay === 'never') return;
    const newline = !(values.unterminated && message.params?.name === 'read_large');
    const id =
      values['string-id-answers'] && message.method === 'tools/call' ? String(message.id) : message.id;
    setTimeout(
      () => send({ id, result: answer(message.params ?? {}, message.id) }, { newline }),
      Number(delay),
    );
  });
  lines.on('close', () => {
    if (!values['ignore-eof']) process.exit(0);
  });
};
// What arrives meanwhile waits in the pipe, as it does for a server still loading.
setTimeout(serve, Number(values['start-delay-ms']));
