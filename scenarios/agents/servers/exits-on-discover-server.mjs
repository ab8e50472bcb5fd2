// A real MCP server of the 2025-11-25 revision, over stdio, written without an SDK, that exits when a request
// comes before `initialize` (as servers built on some SDKs do): a client that first asks which revision it speaks
// (`server/discover`) sees it end. Its one tool, `ping`, answers "pong".
import process from 'node:process';
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
let initialized = false;
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === 'initialize') {
    initialized = true;
    send({
      id: message.id,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: 'exits-on-discover', version: '1.0.0' },
      },
    });
    return;
  }
  if (!initialized) process.exit(1);
  if (message.id === undefined) return;
  if (message.method === 'tools/list') {
    send({ id: message.id, result: { tools: [{ name: 'ping', inputSchema: { type: 'object' } }] } });
  } else if (message.method === 'tools/call') {
    send({ id: message.id, result: { content: [{ type: 'text', text: 'pong' }] } });
  } else {
    send({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
  }
});
process.stdin.on('end', () => process.exit(0));
