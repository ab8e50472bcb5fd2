import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startPostgresServer } from '../src/start-postgres-server.js';
import { describeServer } from './describe-server.js';
import { runServerChild } from './run-child.js';

function signalZero(pid: number): string {
  try {
    process.kill(pid, 0);
    return 'running';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'unknown';
  }
}

describe('startPostgresServer', () => {
  it('serves databases, and leaves neither its folder nor its process once stopped', async () => {
    const lines: string[] = [];
    const server = await startPostgresServer({ log: (line) => lines.push(line) });
    const { postmasterPid, runFolder } = await describeServer(server.connectionString);
    expect(server.connectionString).toBe(`postgres://postgres@127.0.0.1:${server.port}/postgres`);
    expect(lines.some((line) => line.startsWith(`postgres (pid ${postmasterPid}`))).toBe(true);
    expect(signalZero(postmasterPid)).toBe('running');

    const url = await server.createDatabase('stop_test');
    expect(new URL(url).pathname).toBe('/stop_test');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
    await expect(server.createDatabase('Not-Valid')).rejects.toThrow(/Invalid database name "Not-Valid"/u);

    await Promise.all([server.stop(), server.stop()]);
    expect(existsSync(runFolder)).toBe(false);
    expect(signalZero(postmasterPid)).toBe('ESRCH');
  });

  it('leaves no timer, socket or child process open in the process that ran it', async () => {
    const child = runServerChild('stop');
    const report = await child.report;
    expect(await child.ended, child.stderr()).toBe(0);
    // A file system call still in flight is no handle: the process ended by itself.
    const handles = (resources: string[]) =>
      resources.filter((resource) => resource !== 'FSReqCallback').sort();
    expect(handles(report.resources)).toEqual(handles(report.resourcesAtStart));
    expect(existsSync(report.runFolder)).toBe(false);
    expect(signalZero(report.postmasterPid)).toBe('ESRCH');
  });
});
