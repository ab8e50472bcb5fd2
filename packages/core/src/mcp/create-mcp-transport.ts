import { PassThrough } from 'node:stream';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isHttpServerConfig, isStdioServerConfig, type McpServerConfig } from './mcp-server-config.js';

/** How much of a stdio server's stderr is kept, to explain a crash in the error that reports it. */
const stderrTailLength = 2_000;

/** A transport for one server, and the last lines the server wrote to stderr (stdio servers only). */
export interface McpTransport {
  transport: Transport;
  stderrTail(): string;
  /** Releases what the transport holds besides its connection (the stderr pipe of a stdio server). */
  dispose(): void;
}

/**
 * Creates the transport a server config asks for. A stdio server is spawned directly (no shell, no wrapper
 * that would orphan it when closed) with the SDK's minimal environment plus the config's `env`: the parent's
 * secrets are not passed on. Its stderr is captured, not mixed into the host's output.
 */
export async function createMcpTransport(config: McpServerConfig): Promise<McpTransport> {
  if (!isStdioServerConfig(config) && !isHttpServerConfig(config)) {
    return { transport: await config.createTransport(), stderrTail: () => '', dispose: () => undefined };
  }
  if (isHttpServerConfig(config)) {
    const transport = new StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: config.headers === undefined ? {} : { headers: config.headers },
    });
    return { transport, stderrTail: () => '', dispose: () => undefined };
  }
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args ?? [],
    env: { ...getDefaultEnvironment(), ...config.env },
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
    stderr: 'pipe',
  });
  let tail = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-stderrTailLength);
  });
  return {
    transport,
    stderrTail: () => tail.trim(),
    dispose: () => {
      const stderr = transport.stderr;
      if (stderr instanceof PassThrough) stderr.destroy();
    },
  };
}
