import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectMcpServers } from '../../src/mcp/index.js';
import { openProcessesAndSockets } from './assert-nothing-left.js';
import { readProcessId, stillRunning, waitFor } from './process-table.js';

const fakeServerPath = fileURLToPath(new URL('./support/fake-stdio-server.mjs', import.meta.url));
const fakeServer = (...flags: string[]) => ({ command: process.execPath, args: [fakeServerPath, ...flags] });
/** Short, so that the tests of servers that ignore stdin EOF and SIGTERM take well under a second. */
const closeGracePeriodMs = 200;

let directory = '';
let openAtStart: string[] = [];

beforeAll(async () => {
  openAtStart = await openProcessesAndSockets();
});
afterAll(async () => {
  // Every server, client and child process of this file is closed by now.
  expect(await openProcessesAndSockets()).toEqual(openAtStart);
});
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'toolloop-mcp-processes-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe('a start that fails', () => {
  it('closes every server it began, including one still starting, before it rejects', async () => {
    const slowPidFile = join(directory, 'slow.pid');
    const start = connectMcpServers({
      servers: {
        // Exits once the slow server runs, so that the slow one is mid-start when the start fails.
        broken: fakeServer('--exit-when-exists', slowPidFile, '--initialize-delay-ms', 'never'),
        slow: fakeServer('--pid-file', slowPidFile, '--initialize-delay-ms', '1500'),
      },
    });

    await expect(start).rejects.toThrow(
      /^MCP server 'broken' \(command '.*'\) failed to start: .*missing API token/,
    );
    expect(stillRunning([readProcessId(slowPidFile)])).toEqual([]);
  });
});

describe('a start that times out', () => {
  it('rejects naming the server that did not answer, and ends it', async () => {
    const pidFile = join(directory, 'silent.pid');
    const start = connectMcpServers(
      {
        servers: {
          quick: fakeServer(),
          silent: fakeServer('--pid-file', pidFile, '--initialize-delay-ms', 'never'),
        },
      },
      // Long enough for the quick server to start on a busy machine: only the silent one may be named.
      { requestTimeoutMs: 3_000 },
    );

    await expect(start).rejects.toThrow(
      "MCP server 'silent' did not finish starting (the connect, and tools/list) within 3000 ms; raise requestTimeoutMs if a server needs longer.",
    );
    expect(stillRunning([readProcessId(pidFile)])).toEqual([]);
  });
});

describe('an aborted start', () => {
  it('rejects with the signal’s reason and ends the server it was starting', async () => {
    const pidFile = join(directory, 'stuck.pid');
    const controller = new AbortController();
    const start = connectMcpServers(
      { servers: { stuck: fakeServer('--pid-file', pidFile, '--initialize-delay-ms', 'never') } },
      { signal: controller.signal, requestTimeoutMs: 5_000 },
    );
    await waitFor(() => existsSync(pidFile), { what: 'the server to run' });
    const reason = new Error('The host is shutting down.');
    controller.abort(reason);

    await expect(start).rejects.toBe(reason);
    expect(stillRunning([readProcessId(pidFile)])).toEqual([]);
  });

  it('rejects at once when the signal is already aborted, starting nothing', async () => {
    const pidFile = join(directory, 'never.pid');
    const reason = new Error('Cancelled before it began.');

    await expect(
      connectMcpServers(
        { servers: { never: fakeServer('--pid-file', pidFile) } },
        { signal: AbortSignal.abort(reason) },
      ),
    ).rejects.toBe(reason);
    expect(existsSync(pidFile)).toBe(false);
  });
});

describe('a server that exits by itself', () => {
  it('leaves none of the processes it started behind', async () => {
    const stragglerPidFile = join(directory, 'straggler.pid');
    const mcp = await connectMcpServers({
      servers: { crashing: fakeServer('--straggler-pid-file', stragglerPidFile, '--exit-on-call') },
    });
    try {
      const stragglerId = readProcessId(stragglerPidFile);
      expect(stillRunning([stragglerId])).toEqual([stragglerId]);

      await expect(
        mcp.callTool({ toolCallId: '1', name: 'ping', input: {}, signal: new AbortController().signal }),
      ).rejects.toThrow(/closed the connection during the call/);

      // Its group is ended once its exit is seen; nothing tells this test when, so it looks until a deadline.
      await waitFor(() => stillRunning([stragglerId]).length === 0, { what: 'the straggler to end' });
    } finally {
      await mcp.close();
    }
  });
});

describe('close()', () => {
  it('ends a server started through a wrapper that ignores SIGTERM, when the server ignores stdin EOF', async () => {
    const pidFile = join(directory, 'wrapped.pid');
    const mcp = await connectMcpServers(
      {
        servers: {
          wrapped: {
            command: '/bin/sh',
            // The shell waits for the server (no exec), and ignores SIGTERM and SIGHUP.
            args: [
              '-c',
              'trap "" TERM HUP; "$0" "$@"; echo "server ended" >&2',
              process.execPath,
              fakeServerPath,
            ].concat(['--ignore-eof', '--pid-file', pidFile]),
          },
        },
      },
      { closeGracePeriodMs },
    );
    const wrapperId = mcp.processIds().wrapped!;
    const serverId = readProcessId(pidFile);
    expect(stillRunning([wrapperId, serverId])).toEqual([wrapperId, serverId]);

    await mcp.close();

    expect(stillRunning([wrapperId, serverId])).toEqual([]);
  });

  it('kills a server that ignores stdin EOF and SIGTERM after two grace periods, and no later', async () => {
    const mcp = await connectMcpServers(
      { servers: { stubborn: fakeServer('--ignore-eof', '--ignore-term') } },
      { closeGracePeriodMs },
    );
    const serverId = mcp.processIds().stubborn!;

    const started = performance.now();
    await mcp.close();
    const elapsedMs = performance.now() - started;

    expect(stillRunning([serverId])).toEqual([]);
    // Node timers may fire up to 1 ms early; the upper bound leaves room for a loaded machine.
    expect(elapsedMs).toBeGreaterThanOrEqual(2 * closeGracePeriodMs - 2);
    expect(elapsedMs).toBeLessThan(2 * closeGracePeriodMs + 1_000);
  });

  it('returns, but leaves running a process that left the group with a session of its own (the documented limit)', async () => {
    const escapeePidFile = join(directory, 'escapee.pid');
    const mcp = await connectMcpServers(
      { servers: { leaky: fakeServer('--escapee-pid-file', escapeePidFile) } },
      { closeGracePeriodMs },
    );
    const serverId = mcp.processIds().leaky!;
    const escapeeId = readProcessId(escapeePidFile);
    try {
      // The escapee holds the server's stdout open: close() must not wait for that pipe to end.
      await mcp.close();

      expect(stillRunning([serverId])).toEqual([]);
      expect(stillRunning([escapeeId])).toEqual([escapeeId]);
    } finally {
      process.kill(escapeeId, 'SIGKILL');
      await waitFor(() => stillRunning([escapeeId]).length === 0, { what: 'the escapee to end' });
    }
  });

  it('does not wait for a server that exits when its stdin closes', async () => {
    const mcp = await connectMcpServers({ servers: { polite: fakeServer() } }, { closeGracePeriodMs: 5_000 });
    const serverId = mcp.processIds().polite!;

    const started = performance.now();
    await mcp.close();

    expect(performance.now() - started).toBeLessThan(1_000);
    expect(stillRunning([serverId])).toEqual([]);
  });
});
