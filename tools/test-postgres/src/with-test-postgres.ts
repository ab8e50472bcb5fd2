#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { startPostgresServer } from './start-postgres-server.js';

/** The variable the scenario runner reads the database of `sessionStore: postgres` scenarios from. */
const urlVariable = 'TOOLLOOP_EVAL_POSTGRES_URL';

/**
 * `with-test-postgres <command> [args…]`: runs the command with `TOOLLOOP_EVAL_POSTGRES_URL` naming an empty
 * database of a throwaway Postgres server, then stops the server and ends as the command did: with its exit code,
 * or by the same signal. A variable already set is kept, and no server is started. Ctrl+C and SIGTERM go on to
 * the command, once (the server, in a process group of its own too, is stopped only once the command has ended).
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
 * Runs the command with the terminal's streams; settles with how it ended. The command runs in a process group of
 * its own, and this process passes SIGINT and SIGTERM on to it: a terminal's Ctrl+C, which signals this process's
 * group, reaches the command once, as a `kill` of this process does (in one group with it, the command would get
 * Ctrl+C twice, and take the second for an impatient user).
 */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env, detached: true });
    const forward = (signal: NodeJS.Signals) => {
      child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
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
