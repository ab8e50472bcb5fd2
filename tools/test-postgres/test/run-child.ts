import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { ServerFacts } from './describe-server.js';

/** What the child prints: its server's facts, and the handles it had open at its start and at its end. */
export type ChildReport = ServerFacts & { resourcesAtStart: string[]; resources: string[] };

/** A test runner of its own (test/fixtures/start-server-child.ts, loaded through jiti: Node 20 runs no TypeScript). */
export interface ServerChild {
  process: ChildProcessByStdio<Writable, Readable, Readable>;
  /** The line the child prints once its server runs, and what it finds open at its end in `stop` mode. */
  report: Promise<ChildReport>;
  /** Settles with the child's exit code or signal once it has ended. */
  ended: Promise<number | NodeJS.Signals>;
  stderr(): string;
}

const fixture = new URL('./fixtures/start-server-child.ts', import.meta.url).pathname;
const packageFolder = new URL('..', import.meta.url).pathname;

/** Spawns the fixture in `mode`: `stop` (start, stop, report) or `hold` (start, report, wait to be killed). */
export function runServerChild(mode: 'stop' | 'hold'): ServerChild {
  const child = spawn(process.execPath, ['--import', 'jiti/register', fixture, mode], {
    cwd: packageFolder,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = once(child, 'close').then(([code, signal]) => (code ?? signal) as number | NodeJS.Signals);
  const report = new Promise<ChildReport>((resolve, reject) => {
    const onData = () => {
      const line = stdout.split('\n').find((text) => text.startsWith('{'));
      if (line === undefined) return;
      child.stdout.off('data', onData);
      resolve(JSON.parse(line) as ChildReport);
    };
    child.stdout.on('data', onData);
    void ended.then((end) => {
      reject(new Error(`The child ended (${end}) before its report:\n${stdout}\n${stderr}`));
    });
  });
  return { process: child, report, ended, stderr: () => stderr };
}
