import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Message } from '@toolloop/core';
import { SessionManager } from '@toolloop/core/session';
import { createPostgresSessionStore } from '@toolloop/core/session/postgres';
import { createScriptedModel } from '@toolloop/core/testing';
import { createTestDatabase } from '@toolloop/test-postgres/vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const supportDirectory = join(import.meta.dirname, 'support');
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-load-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** What a host process reported: the messages it sent and those whose turn it saw end, with the stop reason. */
interface HostReport {
  sent: string[];
  done: Array<{ item: string; stopReason: string }>;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Runs load-host-child.mjs with `plan`; `killAfterSent` kills it (SIGKILL) once it has sent that many messages. */
async function runHost({
  where,
  host,
  plan,
  killAfterSent,
}: {
  where: [string, string];
  host: string;
  plan: string[];
  killAfterSent?: number;
}): Promise<HostReport> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(supportDirectory, 'register-typescript.mjs'),
      join(supportDirectory, 'load-host-child.mjs'),
      ...where,
      host,
      plan.join(','),
      join(directory, 'runs.txt'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const report: HostReport = { sent: [], done: [], stderr: '', code: null, signal: null };
  child.stderr.on('data', (data: Buffer) => (report.stderr += data.toString()));
  const exited = once(child, 'exit');
  for await (const line of createInterface({ input: child.stdout })) {
    const [kind, sessionId, message, stopReason = ''] = line.split(' ');
    if (kind === 'sent') report.sent.push(`${sessionId}/${message}`);
    if (kind === 'done') report.done.push({ item: `${sessionId}/${message}`, stopReason });
    if (killAfterSent !== undefined && report.sent.length === killAfterSent) child.kill('SIGKILL');
  }
  [report.code, report.signal] = (await exited) as [number | null, NodeJS.Signals | null];
  return report;
}

/** A host whose process is killed midway, then started again with what it had not sent. */
async function runHostKilledOnce(options: { where: [string, string]; host: string; plan: string[] }) {
  const first = await runHost({ ...options, killAfterSent: 3 });
  const rest = options.plan.slice(first.sent.length);
  const second = await runHost({ ...options, plan: rest });
  return { first, second };
}

describe('hosts serving sessions from one Postgres store, one of them killed midway', () => {
  it('lose no message, interleave no turns, run no charge twice, and end every turn with a stop reason', async () => {
    const where: [string, string] = [await createTestDatabase(), `load_${randomBytes(6).toString('hex')}`];
    const store = createPostgresSessionStore({ connectionString: where[0], schema: where[1] });
    const creator = new SessionManager({ createModel: () => createScriptedModel({ text: 'unused' }), store });
    const sessionIds: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      sessionIds.push((await creator.initializeSession({ type: 'openai', model: 'gpt-5' })).id);
    }
    const planOf = (host: string) =>
      [0, 1].flatMap((round) =>
        sessionIds.map((sessionId, index) => `${sessionId}/${host}-${round}-${index}`),
      );

    const [steady, other, killed] = await Promise.all([
      runHost({ where, host: 'A', plan: planOf('A') }),
      runHost({ where, host: 'B', plan: planOf('B') }),
      runHostKilledOnce({ where, host: 'C', plan: planOf('C') }),
    ]);
    // A turn the killed host left under way is finished by the next host to use its session; these are not used
    // again, so one host goes on with them now.
    for (const sessionId of sessionIds) {
      if ((await store.load(sessionId))?.turnUnderWay !== undefined) {
        await creator.continueTurnStream(sessionId).result;
      }
    }
    const transcripts = await Promise.all(
      sessionIds.map(async (id) => (await store.load(id))?.messages ?? []),
    );
    const runs = (await readFile(join(directory, 'runs.txt'), 'utf8')).trim().split('\n');
    await creator.dispose();
    await store.close();

    const reports = [steady, other, killed.first, killed.second];
    expect(reports.map(({ stderr }) => stderr)).toEqual(['', '', '', '']);
    expect([steady.code, other.code, killed.first.signal, killed.second.code]).toEqual([0, 0, 'SIGKILL', 0]);
    // Every turn a host saw end ended with a stop reason, and completed.
    const done = reports.flatMap((report) => report.done);
    expect(done.filter(({ stopReason }) => stopReason !== 'completed')).toEqual([]);
    // Each session's transcript is its turns one after the other: message, call, result, answer.
    const turns = transcripts.map((messages, index) => toTurns(sessionIds[index] ?? '', messages));
    expect(turns.flatMap((session) => session.malformed)).toEqual([]);
    const kept = turns.flatMap((session) => session.messages);
    // No message twice, and every message whose turn a host saw end is there.
    expect(new Set(kept).size).toBe(kept.length);
    expect(done.map(({ item }) => item).filter((item) => !kept.includes(item))).toEqual([]);
    // Only the message in flight when its host was killed may be missing (if the kill came before it was saved).
    const sent = reports.flatMap((report) => report.sent);
    expect(sent.filter((item) => !kept.includes(item)).length).toBeLessThanOrEqual(1);
    // No charge ran twice (a charge's call id names its message, which names its session).
    expect(runs.filter((run, index) => runs.indexOf(run) !== index)).toEqual([]);
    expect(runs.length).toBeGreaterThanOrEqual(done.length);
  }, 120_000);
});

/** The turns of a transcript, as `<session>/<message>`, and what in it is not a whole turn. */
function toTurns(
  sessionId: string,
  messages: readonly Message[],
): { messages: string[]; malformed: string[] } {
  const found: string[] = [];
  const malformed: string[] = [];
  for (let index = 0; index < messages.length; index += 4) {
    const [user, call, result, answer] = messages.slice(index, index + 4);
    const text = typeof user?.content === 'string' ? user.content : '';
    const whole =
      user?.role === 'user' &&
      call?.role === 'assistant' &&
      JSON.stringify(call.content).includes(`"charge-${text}"`) &&
      result?.role === 'tool' &&
      answer?.role === 'assistant' &&
      JSON.stringify(answer.content).includes(`done ${text}`);
    if (whole) found.push(`${sessionId}/${text}`);
    else
      malformed.push(
        `${sessionId} at message ${index}: ${JSON.stringify(messages.slice(index, index + 4)).slice(0, 300)}`,
      );
  }
  return { messages: found, malformed };
}
