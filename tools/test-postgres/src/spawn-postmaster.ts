import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { UserIds } from './ensure-postgres-user.js';
import { findProgram } from './find-program.js';
import { postgresEnvironment } from './postgres-environment.js';

/** A running PostgreSQL server process (the postmaster). */
export interface Postmaster {
  pid: number;
  /**
   * Whether the kernel stops the server when the process that started it dies, even by SIGKILL (Linux, as root,
   * with `setpriv`).
   */
  diesWithParent: boolean;
  /** Whether the process has exited. */
  hasExited(): boolean;
  /** The end of what the server wrote to its standard error (its log). */
  output(): string;
  /** Settles once the process has exited and its output is read to the end. */
  closed: Promise<void>;
  /** Fast shutdown (SIGINT), immediate shutdown (SIGQUIT) if that takes over 5 s; settles once it has exited. */
  stop(): Promise<void>;
}

/** Where and how a server is started. */
export interface PostmasterOptions {
  postgres: string;
  dataFolder: string;
  runFolder: string;
  port: number;
  /** The user to run as (when the tests run as root). */
  user: UserIds | undefined;
}

const outputLimit = 64 * 1024;

/**
 * Starts `postgres` for throwaway test data (no fsync), listening on 127.0.0.1 and on a socket in the run folder
 * (not /tmp, where another server's lock file could be).
 *
 * As root on Linux it runs through `setpriv`, which drops to the user and then asks the kernel for SIGINT when
 * its parent dies (PR_SET_PDEATHSIG must come after the uid change, which clears it: Node's own uid/gid options
 * cannot do that). The kernel sends it when the *thread* that spawned it ends, so a server must be started from
 * the main thread of the test runner (vitest's `globalSetup` runs there; its test workers do not). Without
 * `setpriv` (not installed), or not as root, or not on Linux, the server outlives a killed runner, and the next
 * run's sweep stops it (`sweepOrphanServers`).
 */
export async function spawnPostmaster({
  postgres,
  dataFolder,
  runFolder,
  port,
  user,
}: PostmasterOptions): Promise<Postmaster> {
  const args = [
    '-D',
    dataFolder,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${runFolder}`,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=100',
    '-c',
    'shared_buffers=32MB',
  ];
  const setpriv = user !== undefined && process.platform === 'linux' ? findProgram('setpriv') : undefined;
  const [program, programArgs, ids] =
    user !== undefined && setpriv !== undefined
      ? [
          setpriv,
          [
            `--reuid=${user.uid}`,
            `--regid=${user.gid}`,
            '--clear-groups',
            '--pdeathsig=SIGINT',
            '--',
            postgres,
            ...args,
          ],
          {},
        ]
      : [postgres, args, user ?? {}];
  // setpriv execs postgres: the child's pid is the postmaster's.
  // A group of its own: a terminal's Ctrl+C goes to the program that started the server, which stops it once its
  // work is done, not to the server in the middle of that work.
  const child = spawn(program, programArgs, {
    ...ids,
    detached: true,
    cwd: runFolder,
    env: postgresEnvironment(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-outputLimit);
  });
  // A failed spawn emits 'error', which once() turns into a rejection: the spawn below reports it.
  const closed = once(child, 'close').then(
    () => undefined,
    () => undefined,
  );
  try {
    await once(child, 'spawn');
  } catch (error) {
    throw new Error(`Could not run ${program}: ${(error as Error).message}`, { cause: error });
  }
  const pid = child.pid as number;
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  let stopping: Promise<void> | undefined;
  return {
    pid,
    diesWithParent: setpriv !== undefined && user !== undefined,
    hasExited,
    output: () => output,
    closed,
    stop() {
      stopping ??= (async () => {
        if (!hasExited()) {
          child.kill('SIGINT');
          const escalation = setTimeout(() => child.kill('SIGQUIT'), 5000);
          await closed;
          clearTimeout(escalation);
        }
        await closed;
      })();
      return stopping;
    },
  };
}
