import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** The entry script of a reference MCP server installed from npm, to run with `node` directly (not `npx`). */
export function realServerPath(name: 'server-everything' | 'server-filesystem' | 'server-memory'): string {
  return join(require.resolve(`@modelcontextprotocol/${name}/package.json`), '..', 'dist', 'index.js');
}

/** Whether a process id still belongs to a running process. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts server-everything over streamable HTTP on a free loopback port and resolves once it says it is
 * listening (its own stderr line, not a sleep).
 */
export async function startEverythingOverHttp(): Promise<{
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}> {
  const port = await freePort();
  const child = spawn(process.execPath, [realServerPath('server-everything'), 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('listening on port')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`server-everything exited with ${String(code)} before listening: ${output}`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => {
      // 'close', not 'exit': the child's stdio pipes are closed by then too.
      child.once('close', () => {
        resolve();
      });
    });
    child.kill('SIGTERM');
    await exited;
  };
  return { url: `http://127.0.0.1:${port}/mcp`, process: child, stop };
}
