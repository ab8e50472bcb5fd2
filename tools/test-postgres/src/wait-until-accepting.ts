import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import type { Postmaster } from './spawn-postmaster.js';

/** How long a server may take to accept its first connection (initdb's files are cold on a busy machine). */
const readyTimeoutMs = 30_000;

/**
 * Settles once the server accepts a connection (tried every 25 ms: no log text to parse, whatever the locale).
 * Rejects with the server's log as soon as it exits, or after 30 s.
 */
export async function waitUntilAccepting(postmaster: Postmaster, port: number): Promise<void> {
  const deadline = performance.now() + readyTimeoutMs;
  for (;;) {
    if (postmaster.hasExited()) {
      await postmaster.closed;
      throw new Error(`postgres exited before it accepted connections:\n${postmaster.output()}`);
    }
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      database: 'postgres',
      connectionTimeoutMillis: readyTimeoutMs,
    });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (performance.now() > deadline) {
        throw new Error(
          `postgres did not accept connections within ${readyTimeoutMs / 1000} s (${(error as Error).message}):\n${postmaster.output()}`,
          { cause: error },
        );
      }
    }
    await delay(25);
  }
}
