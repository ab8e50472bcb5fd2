import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { serializeMessage, type Transport } from '@modelcontextprotocol/client';
import { createMessageReader, type OversizedMessage } from './create-message-reader.js';
import { endProcessGroup } from './end-process-group.js';

/** A stdio transport whose server, and every process the server starts, is ended as one process group. */
export interface ProcessGroupStdioTransport extends Transport {
  /** The server's process id, which is also its process group's id, while it runs. */
  readonly pid: number | null;
  /** The server's stderr, readable before `start()` so that no early line is lost. */
  readonly stderr: PassThrough;
  /** The message over `maxMessageBytes` that made the transport close itself, if one did. */
  readonly oversizedMessage: OversizedMessage | undefined;
}

/**
 * The stdio transport on POSIX hosts. It speaks like the SDK's `StdioClientTransport` (newline-delimited
 * JSON-RPC over the server's stdin and stdout, no shell), but spawns the server detached, in a process group
 * of its own, and `close()` ends that whole group: stdin closes, then SIGTERM, then SIGKILL, a grace period
 * apart. So a server launched through a wrapper (a shell script, a launcher) that ignores stdin EOF or
 * SIGTERM does not outlive the host's `close()`. When the server exits by itself, what it left in its group
 * is ended too. A message longer than `maxMessageBytes` is not kept: it is reported to `onerror`, and the
 * transport closes, as the SDK's does (the request it answered cannot be told, so it fails with the others).
 */
export function createProcessGroupStdioTransport(options: {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** How long to wait after closing stdin, and again after SIGTERM, before the next step. */
  gracePeriodMs: number;
  /** The longest message read from the server, in bytes (its newline not counted). */
  maxMessageBytes: number;
}): ProcessGroupStdioTransport {
  const stderr = new PassThrough();
  let child: ChildProcessWithoutNullStreams | undefined;
  let running = false;
  let ending: Promise<void> | undefined;
  let closeReported = false;
  let oversizedMessage: OversizedMessage | undefined;
  let oversizedTimer: NodeJS.Timeout | undefined;

  const reportError = (error: Error) => {
    transport.onerror?.(error);
  };
  const reader = createMessageReader({
    maxMessageBytes: options.maxMessageBytes,
    onMessage: (message) => {
      transport.onmessage?.(message);
    },
    onError: reportError,
    onOversized: (message) => {
      const first = oversizedMessage === undefined;
      oversizedMessage = message;
      if (first) {
        reportError(
          new Error(
            `The server sent a message of more than ${options.maxMessageBytes} bytes (maxMessageBytes); closing.`,
          ),
        );
      }
      // Its stdout is still read (and dropped) until the message ends, for its size; a grace period at most.
      if (message.complete) ending ??= end();
      else if (first) {
        oversizedTimer = setTimeout(() => {
          ending ??= end();
        }, options.gracePeriodMs);
      }
    },
  });
  const reportClose = () => {
    if (closeReported) return;
    closeReported = true;
    reader.clear();
    transport.onclose?.();
  };
  const end = async () => {
    clearTimeout(oversizedTimer);
    if (child !== undefined) {
      await endProcessGroup({ child, gracePeriodMs: options.gracePeriodMs });
      // A process outside the group (one that started a session of its own) may still hold the pipes.
      child.stdin.destroy();
      child.stdout.destroy();
      child.stderr.destroy();
    }
    running = false;
    stderr.end();
    reportClose();
  };

  const transport: ProcessGroupStdioTransport = {
    get pid() {
      return running ? (child?.pid ?? null) : null;
    },
    stderr,
    get oversizedMessage() {
      return oversizedMessage;
    },
    async start() {
      if (child !== undefined) throw new Error('This stdio transport was already started; create another.');
      const spawned = spawn(options.command, options.args, {
        env: options.env,
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        stdio: 'pipe',
        detached: true,
        shell: false,
      });
      child = spawned;
      spawned.stdout.on('data', (chunk: Buffer) => {
        reader.append(chunk);
      });
      spawned.stdout.on('error', reportError);
      spawned.stdin.on('error', reportError);
      spawned.stderr.pipe(stderr);
      spawned.once('close', () => {
        running = false;
        reportClose();
        ending ??= end();
      });
      await new Promise<void>((resolve, reject) => {
        spawned.once('spawn', () => {
          running = true;
          spawned.off('error', reject);
          spawned.on('error', reportError);
          resolve();
        });
        spawned.once('error', reject);
      });
    },
    send(message) {
      const stdin = child?.stdin;
      if (stdin === undefined || !running || ending !== undefined) {
        return Promise.reject(new Error('Not connected: the stdio server is not running.'));
      }
      return new Promise<void>((resolve) => {
        if (stdin.write(serializeMessage(message))) resolve();
        else stdin.once('drain', resolve);
      });
    },
    close() {
      ending ??= end();
      return ending;
    },
  };
  return transport;
}
