#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { startPostgresServer } from './start-postgres-server.js';

/** The variable the scenario runner reads the database of `sessionStore: postgres` scenarios from. */
const urlVariable = 'TOOLLOOP_EVAL_POSTGRES_URL';

/**
 * `with-test-postgres <command> [args…]`: runs the command with `TOOLLOOP_EVAL_POSTGRES_URL` naming an empty
 * database of a throwaway Postgres server, then stops the server and exits with the command's exit code (or its
 * signal). A variable already set is kept, and no server is started. Ctrl+C and SIGTERM go on to the command.
 */
async function main(argv: readonly string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined) {
    process.stderr.write('Usage: with-test-postgres <command> [args…]\n');
    return 2;
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

/** Runs the command with the terminal's streams; settles with its exit code (128 + n for a signal n). */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    const forward = (signal: NodeJS.Signals) => {
      child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? 128 + (signal === null ? 0 : constants.signals[signal]));
    });
  });
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`with-test-postgres: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
