import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Message } from '@toolloop/core';
import { SessionManager } from '@toolloop/core/session';
import { createPostgresSessionStore } from '@toolloop/core/session/postgres';
import { withDeadline } from '../internal/with-deadline.js';
import { percentile } from '../stats/percentile.js';
import { summarize } from '../stats/summarize.js';
import { createChargeModel, createChargeTool } from './charge-turn.js';
import {
  assertHostsInvariants,
  checkHostsInvariants,
  type HostRunReport,
  type HostsCheck,
  type HostsInvariantCheck,
} from './check-hosts-invariants.js';

/** What the load part of the hosts benchmark measured. */
export interface HostsUnderLoadResult {
  hosts: number;
  sessions: number;
  durationSeconds: number;
  killEverySeconds: number;
  /** Hosts killed (SIGKILL) and started again. */
  kills: number;
  /** Whole turns in the transcripts at the end. */
  turnsCompleted: number;
  /** Turns the hosts saw complete per second of the run: the median host's (all its runs), and all hosts'. */
  turnsPerSecond: { perHostMedian: number; total: number };
  /** `sendMessage` as the hosts timed it, waits for a busy session included. */
  turnMs: { p50: number; p99: number };
  resumed: HostsCheck['resumed'];
  lostInFlight: number;
  invariants: HostsInvariantCheck[];
}

/** A host process and what it has said so far. */
interface RunningHost {
  slot: number;
  report: HostRunReport;
  child: ChildProcessByStdio<Writable, Readable, Readable>;
  ready: Promise<void>;
  /** Resolves once the process has exited and its output has been read. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  going: boolean;
  exited: boolean;
  finished: boolean;
  stderr: string;
}

const schema = 'hosts_load';
/** How long the hosts may take to start, and to stop after the deadline (a turn may wait for a lease). */
const startLimitMs = 60_000;
const stopLimitMs = 120_000;

/**
 * The load part of the hosts benchmark: `sessions` sessions created up front in the schema `hosts_load` of
 * `connectionString`, served by `hosts` host processes (`host-child.js`) that send messages to random ones for
 * `durationSeconds`, while every `killEverySeconds` one host, at random, is killed (SIGKILL) and started again.
 * Then this process finishes the turns left under way (`continueTurnStream`), reads the transcripts and the
 * `charge` runs, and checks the invariants (`checkHostsInvariants`): a broken one fails the run, naming it.
 */
export async function runHostsUnderLoad({
  connectionString,
  hosts,
  sessions,
  durationSeconds,
  killEverySeconds,
}: {
  connectionString: string;
  hosts: number;
  sessions: number;
  durationSeconds: number;
  killEverySeconds: number;
}): Promise<HostsUnderLoadResult> {
  const directory = await mkdtemp(join(tmpdir(), 'toolloop-bench-hosts-'));
  const runsFile = join(directory, 'runs.txt');
  await writeFile(runsFile, '');
  const store = createPostgresSessionStore({ connectionString, schema });
  const harness = new SessionManager({
    createModel: () => createChargeModel({ host: 'harness' }),
    store,
    hostId: 'harness',
    tools: [createChargeTool({ host: 'harness', runsFile })],
    leaseTtlMs: 1_000,
    sessionBusyTimeoutMs: 120_000,
  });
  const started: RunningHost[] = [];
  let kills = 0;
  let check: HostsCheck;
  try {
    const sessionIds: string[] = [];
    for (let index = 0; index < sessions; index += 1)
      sessionIds.push((await harness.initializeSession({ type: 'openai', model: 'charge' })).id);
    const start = (slot: number, run: number): RunningHost => {
      const host = startHost({
        slot,
        name: `h${slot}-r${run}`,
        args: [connectionString, schema, `h${slot}-r${run}`, sessionIds.join(','), runsFile],
      });
      started.push(host);
      return host;
    };
    const current = Array.from({ length: hosts }, (_, index) => start(index + 1, 1));
    await withDeadline({
      work: Promise.all(current.map((host) => host.ready)),
      milliseconds: startLimitMs,
      what: 'Starting the host processes',
    });
    const startedAt = Date.now();
    const deadline = startedAt + durationSeconds * 1000;
    const go = (host: RunningHost) => {
      host.going = true;
      host.child.stdin.end(`go ${deadline}\n`);
    };
    current.forEach(go);

    for (let tick = 1; startedAt + tick * killEverySeconds * 1000 < deadline; tick += 1) {
      await sleep(Math.max(0, startedAt + tick * killEverySeconds * 1000 - Date.now()));
      const candidates = current.filter((host) => host.going && !host.exited);
      const victim = candidates[Math.floor(Math.random() * candidates.length)];
      if (victim === undefined) continue;
      victim.report.killed = true;
      victim.child.kill('SIGKILL');
      await victim.closed;
      kills += 1;
      const run = started.filter((host) => host.slot === victim.slot).length + 1;
      const restarted = start(victim.slot, run);
      current[victim.slot - 1] = restarted;
      // A restart that fails shows when the hosts are checked after the run (it never finished).
      restarted.ready.then(
        () => {
          go(restarted);
        },
        () => undefined,
      );
    }
    await withDeadline({
      work: Promise.all(started.map((host) => host.closed)),
      milliseconds: Math.max(0, deadline - Date.now()) + stopLimitMs,
      what: 'The host processes',
    });
    const failures = started.filter(
      (host) => !host.report.killed && (!host.finished || host.stderr.trim() !== ''),
    );
    if (failures.length > 0)
      throw new Error(
        `Host process ${failures.map((host) => `${host.report.host} stopped without finishing: ${host.stderr.trim() || '(no stderr)'}`).join('; ')}`,
      );

    const continuations: Array<{ sessionId: string; stopReason: string }> = [];
    for (const sessionId of sessionIds) {
      if ((await store.load(sessionId))?.turnUnderWay === undefined) continue;
      const result = await harness.continueTurnStream(sessionId).result;
      continuations.push({ sessionId, stopReason: result.stopReason });
    }
    const transcripts: Array<{ sessionId: string; messages: Message[] }> = [];
    for (const sessionId of sessionIds)
      transcripts.push({ sessionId, messages: (await store.load(sessionId))?.messages ?? [] });
    const runs = (await readFile(runsFile, 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [callId = '', host = ''] = line.split(' ');
        return { callId, host };
      });
    check = checkHostsInvariants({
      reports: started.map((host) => host.report),
      transcripts,
      runs,
      continuations,
    });
  } finally {
    for (const host of started) if (!host.exited) host.child.kill('SIGKILL');
    await Promise.all(started.map((host) => host.closed));
    await harness.dispose();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
  assertHostsInvariants(check);

  const completed = started.map((host) => ({
    slot: host.slot,
    done: host.report.done.filter(({ stopReason }) => stopReason === 'completed'),
  }));
  const perSlot = Array.from(
    { length: hosts },
    (_, index) =>
      completed.filter(({ slot }) => slot === index + 1).reduce((sum, { done }) => sum + done.length, 0) /
      durationSeconds,
  );
  const turnMs = completed.flatMap(({ done }) => done.map(({ ms }) => ms));
  return {
    hosts,
    sessions,
    durationSeconds,
    killEverySeconds,
    kills,
    turnsCompleted: check.turns,
    turnsPerSecond: {
      perHostMedian: summarize(perSlot).median,
      total: perSlot.reduce((sum, each) => sum + each, 0),
    },
    turnMs: {
      p50: percentile({ samples: turnMs, percent: 50 }),
      p99: percentile({ samples: turnMs, percent: 99 }),
    },
    resumed: check.resumed,
    lostInFlight: check.lostInFlight,
    invariants: check.invariants,
  };
}

/** The host script, built: beside this module in dist/, or in dist/ when this runs from its TypeScript source. */
function hostChildPath(): string {
  const beside = fileURLToPath(new URL('./host-child.js', import.meta.url));
  return existsSync(beside)
    ? beside
    : fileURLToPath(new URL('../../dist/hosts/host-child.js', import.meta.url));
}

/** Starts one host process and follows what it prints. */
function startHost({ slot, name, args }: { slot: number; name: string; args: string[] }): RunningHost {
  const child = spawn(process.execPath, [hostChildPath(), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  // A host killed before it read its `go` line: what was written to it is lost with it.
  child.stdin.on('error', () => undefined);
  const report: HostRunReport = { host: name, killed: false, sent: [], done: [], failed: [] };
  let markReady: () => void = () => undefined;
  const closed = once(child, 'close').then(([code, signal]) => {
    host.exited = true;
    return { code: code as number | null, signal: signal as NodeJS.Signals | null };
  });
  const ready = Promise.race([
    new Promise<void>((resolve) => (markReady = resolve)),
    closed.then(({ code, signal }) => {
      throw new Error(
        `Host ${name} exited (${signal ?? `code ${code}`}) before it was ready: ${host.stderr.trim() || '(no stderr)'}`,
      );
    }),
  ]);
  const host: RunningHost = {
    slot,
    report,
    child,
    ready,
    closed,
    going: false,
    exited: false,
    finished: false,
    stderr: '',
  };
  child.stderr.on('data', (data: Buffer) => (host.stderr += data.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const [kind = '', sessionId = '', text = '', ...rest] = line.split(' ');
    if (kind === 'ready') markReady();
    else if (kind === 'sent') report.sent.push({ sessionId, text });
    else if (kind === 'done')
      report.done.push({ sessionId, text, stopReason: rest[0] ?? '', ms: Number(rest[1]) });
    else if (kind === 'failed') report.failed.push({ sessionId, text, error: rest.join(' ') });
    else if (kind === 'finished') host.finished = true;
  });
  return host;
}
