import { execFile } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The OS user PostgreSQL runs as when the tests run as root (PostgreSQL refuses to run as root). */
export const postgresUserName = 'toolloop-pg';

/** A user's ids. */
export interface UserIds {
  uid: number;
  gid: number;
}

/** useradd's exit status when the name is taken: another run created the user meanwhile. */
const nameInUse = 9;

/**
 * The ids of {@link postgresUserName}, an unprivileged system user with no home and no shell, created when it
 * does not exist. Runs started at once (turbo runs two packages' tests together) may race to create it: useradd
 * then finds the name taken, or the user database locked, and the lookup is tried again.
 */
export async function ensurePostgresUser(): Promise<UserIds> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 10; attempt++) {
    const ids = await lookUpUser(postgresUserName);
    if (ids !== undefined) return ids;
    try {
      await run('/usr/sbin/useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        postgresUserName,
      ]);
    } catch (error) {
      if ((error as { code?: unknown }).code !== nameInUse) {
        lastError = error;
        await delay(100 * (attempt + 1));
      }
    }
  }
  throw new Error(`Could not create the OS user ${postgresUserName} for PostgreSQL.`, { cause: lastError });
}

async function lookUpUser(name: string): Promise<UserIds | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}
