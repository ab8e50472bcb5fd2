#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { startPostgresServer } from './start-postgres-server.js';

/** The variable the scenario runner reads the database of `sessionStore: postgres` scenarios from. */
const urlVariable = 'TOOLLOOP_EVAL_POSTGRES_URL';

/**
 * `with-test-postgres <command> [args…]`: runs the command with `TOOLLOOP_EVAL_POSTGRES_URL` naming an empty
 * database of a throwaway Postgres server, then stops the server and ends as the command did: with its exit code,
 * or by the same signal. A variable already set is kept, and no server is started. Ctrl+C reaches the command from
 * the terminal, SIGTERM and SIGHUP through this process (the server, in a process group of its own, is stopped
 * only once the command has ended).
 */
async function main(argv: readonly string[]): Promise<Ending> {
  const [command, ...args] = argv;
  if (command === undefined) {
    process.stderr.write('Usage: with-test-postgres <command> [args…]\n');
    return { code: 2 };
  }
  const given = process.env[urlVariable];
  if (given !== undefined && given !== '') return run(command, args, process.env);
  const server = await startPostgresServer();
  try {
    const url = await server.createDatabase('toolloop_eval');
    return await run(command, args, { ...process.env, [urlVariable]: url });
  } finally {
    await server.stop();
  }
}

/** How the command ended: its exit code, or the signal that ended it. */
type Ending = { code: number } | { signal: NodeJS.Signals };

/**
 * Runs the command with the terminal's streams, in this process's group; settles with how it ended. A terminal's
 * Ctrl+C signals the whole group, command and its children included: passed on again, the command would get it
 * twice, and take the second for an impatient user. SIGTERM and SIGHUP, which a CI runner or a closed terminal
 * may send this process alone, are passed on to it.
 */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    // This process waits for the command to end, whatever it is sent; the server stops after it.
    const ignore = () => undefined;
    const forward = (signal: NodeJS.Signals) => {
      child.kill(signal);
    };
    process.on('SIGINT', ignore);
    process.on('SIGTERM', forward);
    process.on('SIGHUP', forward);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', ignore);
      process.off('SIGTERM', forward);
      process.off('SIGHUP', forward);
      resolve(signal === null ? { code: code ?? 1 } : { signal });
    });
  });
}

const ending = await main(process.argv.slice(2)).catch((error: unknown): Ending => {
  process.stderr.write(`with-test-postgres: ${error instanceof Error ? error.message : String(error)}\n`);
  return { code: 1 };
});
// A command ended by a signal ends this process by the same signal, so that its caller sees it.
if ('signal' in ending) process.kill(process.pid, ending.signal);
else process.exitCode = ending.code;
