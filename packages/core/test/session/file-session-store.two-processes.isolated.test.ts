import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createFileSessionStore } from '@toolloop/core/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const supportDirectory = join(import.meta.dirname, 'support');
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-two-processes-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** One worker process (append-turns-child.mjs) and what it printed about each of its saves. */
function startWorker({
  name,
  sessionIds,
  turns,
  bytes,
}: {
  name: string;
  sessionIds: string[];
  turns: number;
  bytes: number;
}) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(supportDirectory, 'register-typescript.mjs'),
      join(supportDirectory, 'append-turns-child.mjs'),
      directory,
      sessionIds.join(','),
      name,
      String(turns),
      String(bytes),
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const report = { saved: [] as string[], conflicts: [] as string[], stderr: '' };
  child.stderr.on('data', (data: Buffer) => (report.stderr += data.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    report,
    exited,
    /** Reads what the worker prints until it is ready for the next session; `false` when it ended instead. */
    async ready(): Promise<boolean> {
      for (let next = await lines.next(); next.done !== true; next = await lines.next()) {
        const [outcome, marker = ''] = next.value.split(' ');
        if (outcome === 'ready') return true;
        if (outcome === 'saved') report.saved.push(marker);
        if (outcome === 'conflict') report.conflicts.push(marker);
      }
      return false;
    },
  };
}

/**
 * Runs one worker per name, all on the same sessions one after the other: each session starts when every
 * worker has loaded it, so that their first saves cross.
 */
async function runWorkers(options: { names: string[]; sessionIds: string[]; turns: number; bytes: number }) {
  const workers = options.names.map((name) => startWorker({ ...options, name }));
  for (const _sessionId of options.sessionIds) {
    const ready = await Promise.all(workers.map((worker) => worker.ready()));
    if (ready.includes(false)) break;
    for (const { child } of workers) child.stdin.write('go\n');
  }
  for (const { child } of workers) child.stdin.end();
  const codes = await Promise.all(workers.map(async (worker) => (await worker.ready(), worker.exited)));
  return workers.map(({ report }, index) => ({ ...report, code: codes[index] }));
}

/** The markers of the turns a session file holds, or why it could not be read. */
async function readMarkers(sessionId: string): Promise<string[]> {
  try {
    const session = await createFileSessionStore({ directory }).load(sessionId);
    return (session?.messages ?? []).flatMap((message) =>
      message.role === 'user' && typeof message.content === 'string' && message.content !== 'start'
        ? [message.content.split(' ')[0] ?? '']
        : [],
    );
  } catch (error) {
    return [`unreadable: ${String(error).slice(0, 300)}`];
  }
}

describe('two processes saving one session in one file-store directory', () => {
  it('keep the file readable and every save that resolved, and refuse the others with a conflict', async () => {
    const sessionIds = Array.from({ length: 6 }, (_, index) => `session-${index}`);
    const store = createFileSessionStore({ directory });
    for (const id of sessionIds) {
      await store.save({
        id,
        llmConfig: { type: 'openai', model: 'gpt-5' },
        messages: [{ role: 'user', content: 'start' }],
        lastActivity: new Date('2026-11-21T10:00:00.000Z'),
        toolCallCount: 0,
      });
    }
    const turns = 4;

    // Lines over 512 KiB: Node's writeFile writes them in several pieces.
    const reports = await runWorkers({ names: ['A', 'B'], sessionIds, turns, bytes: 1024 * 1024 });
    const stored = await Promise.all(sessionIds.map(readMarkers));

    const saved = reports.flatMap((report) => report.saved);
    expect(Object.fromEntries(sessionIds.map((id, index) => [id, stored[index]?.sort()]))).toEqual(
      Object.fromEntries(
        sessionIds.map((id) => [id, saved.filter((marker) => marker.startsWith(`${id}/`)).sort()]),
      ),
    );
    expect(reports.map(({ code, stderr }) => ({ code, stderr }))).toEqual([
      { code: 0, stderr: '' },
      { code: 0, stderr: '' },
    ]);
    expect(reports.map(({ saved, conflicts }) => saved.length + conflicts.length)).toEqual([
      turns * sessionIds.length,
      turns * sessionIds.length,
    ]);
    // Both workers start each session from the same file, so their first saves always cross.
    const conflicts = reports.flatMap((report) => report.conflicts);
    expect(sessionIds.filter((id) => !conflicts.some((marker) => marker.startsWith(`${id}/`)))).toEqual([]);
  });
});
