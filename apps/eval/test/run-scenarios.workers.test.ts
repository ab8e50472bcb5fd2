import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Reporter } from '../src/report/reporter.js';
import type { RunReport } from '../src/report/run-report.js';
import { openWorkerPool } from '../src/run/open-worker-pool.js';
import type { IndexedScenario } from '../src/run/run-scenario-jobs.js';
import { runScenarios } from '../src/run/run-scenarios.js';
import type { LoadOutcome } from '../src/run/worker-protocol.js';
import { packLoadOutcome, type PackedScenario } from '../src/run/pack-scenario.js';

// Worker processes run the built package (dist/): `pnpm test` builds it first, and a run of this file alone
// rebuilds it when it is older than the sources (`spawnsBuilt` in vitest.config.ts).
const fixtures = join(import.meta.dirname, 'fixtures');

/** What a report says of each scenario, without the times that differ from run to run. */
const verdicts = (report: RunReport) =>
  report.scenarios.map(({ name, file, status, failures, error }) => ({
    name,
    file,
    status,
    failures,
    error,
  }));

/** The processes this one started that are still there (`ps` itself left out). */
function childProcesses(): string[] {
  return execFileSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim() !== '' && !/\bps --ppid\b/u.test(line));
}

/** A fixture a worker read, packed as the main process keeps it; a file that did not load fails the test. */
function packLoaded(outcome: LoadOutcome | undefined): PackedScenario {
  if (outcome?.type !== 'loaded') throw new Error(`the fixture did not load: ${JSON.stringify(outcome)}`);
  return packLoadOutcome(outcome);
}

describe('runScenarios in worker processes', () => {
  it('reports what one process reports, in the same order, with the same exit code', async () => {
    const options = { paths: ['failing', 'passing'], cwd: fixtures, concurrency: 2 };
    const inProcess = await runScenarios(options);
    const ended: number[] = [];
    const started: string[] = [];
    const reporter: Reporter = {
      onScenarioStart: ({ name }) => void started.push(name),
      onScenarioEnd: (_result, place) => void ended.push(place?.order ?? -1),
    };

    const inWorkers = await runScenarios({ ...options, workers: 2, reporters: [reporter] });

    expect(verdicts(inWorkers.report)).toEqual(verdicts(inProcess.report));
    expect(inWorkers.report.summary).toEqual({
      ...inProcess.report.summary,
      durationMs: inWorkers.report.summary.durationMs,
    });
    expect(inWorkers.exitCode).toBe(1);
    expect(ended.sort((left, right) => left - right)).toEqual(
      inProcess.report.scenarios.map((_result, index) => index),
    );
    expect(started.sort()).toEqual(
      inProcess.report.scenarios
        .filter(({ status }) => status !== 'skipped')
        .map(({ name }) => name)
        .sort(),
    );
    expect(childProcesses()).toEqual([]);
  });

  it('a worker that exits mid-scenario makes that scenario a runner error (exit code 2); the other files still run', async () => {
    const { report, exitCode } = await runScenarios({
      paths: ['workers'],
      cwd: fixtures,
      workers: 2,
      concurrency: 2,
    });

    expect(exitCode).toBe(2);
    expect(verdicts(report)).toEqual([
      {
        name: 'the agent ends its process',
        file: 'workers/a-exits.yaml',
        status: 'failed',
        failures: [],
        error: {
          message:
            'the worker process running workers/a-exits.yaml exited (code 3) before the scenario ended',
        },
      },
      ...['b', 'c', 'd'].map((letter) => ({
        name: `answers after a crash (${letter})`,
        file: `workers/${letter}-answers.yaml`,
        status: 'passed',
        failures: [],
        error: undefined,
      })),
    ]);
    expect(childProcesses()).toEqual([]);
  });

  it('--bail in workers starts nothing after a failure: what did not run is skipped', async () => {
    const { report, exitCode } = await runScenarios({
      paths: ['failing', 'passing'],
      cwd: fixtures,
      workers: 2,
      concurrency: 2,
      bail: true,
    });

    expect(exitCode).toBe(1);
    expect(report.summary.failed).toBeGreaterThanOrEqual(1);
    expect(report.summary.skipped).toBeGreaterThanOrEqual(2);
    expect(report.summary.total).toBe(8);
  });

  it('a reporter that throws ends the run and its workers: no process is left', async () => {
    const throwing: Reporter = {
      onScenarioEnd: () => {
        throw new Error('the reporter broke');
      },
    };

    await expect(
      runScenarios({ paths: ['passing', 'failing'], cwd: fixtures, workers: 2, reporters: [throwing] }),
    ).rejects.toThrow('the reporter broke');
    expect(childProcesses()).toEqual([]);
  });

  it('files read in workers: invalid ones stop everything before it starts, with the same problems as in one process', async () => {
    const problems = (workers: number) =>
      runScenarios({ paths: ['invalid'], cwd: fixtures, workers }).then(
        () => 'no error',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );

    const inProcess = await problems(1);

    expect(inProcess).toContain('invalid/');
    expect(await problems(2)).toBe(inProcess);
    expect(childProcesses()).toEqual([]);
  });

  it('--bail stops after a worker dies: the scenarios it had not started are skipped, not run elsewhere', async () => {
    const { report, exitCode } = await runScenarios({
      paths: ['workers'],
      cwd: fixtures,
      workers: 2,
      concurrency: 2,
      bail: true,
    });

    expect(exitCode).toBe(2);
    expect(report.scenarios.find(({ file }) => file === 'workers/a-exits.yaml')?.error?.message).toContain(
      'exited (code 3)',
    );
    // The dead worker held b's file next; with bail nothing starts after a failure.
    expect(report.scenarios.find(({ file }) => file === 'workers/b-answers.yaml')?.status).toBe('skipped');
    expect(childProcesses()).toEqual([]);
  });

  it('a bail that leaves 200,000 scenarios unsent still says which never started (more than a call takes as arguments)', async () => {
    const pool = openWorkerPool({
      count: 1,
      settings: { cwd: fixtures, redaction: {}, repeat: 1, minPassRate: 1, bail: true, concurrency: 1 },
    });
    try {
      const loaded = await pool.load(['workers/a-exits.yaml', 'workers/b-answers.yaml'], {});
      const exits = packLoaded(loaded[0]);
      const answers = packLoaded(loaded[1]);
      const many = 200_000;
      // Each scenario a file of its own, so batches are of 50. The worker is sent the first two; the first
      // scenario ends the worker, so nothing else starts and the bail sends nothing more: the rest of the first
      // two batches go back to the queue, and the queue is what the pool says never started (the files need
      // not exist: none of theirs is read).
      const scenarios: IndexedScenario[] = [
        { index: 0, packed: exits },
        // The copies share the one buffer of bytes, as the main process keeps what a worker loaded.
        ...Array.from({ length: many }, (_unused, position) => ({
          index: position + 1,
          packed: { ...answers, file: `workers/b-answers-${position}.yaml` },
        })),
      ];
      const ended: number[] = [];

      const { notStarted } = await pool.run({
        scenarios,
        onStart: () => Promise.resolve(),
        onEnd: (_result, index) => {
          ended.push(index);
          return Promise.resolve();
        },
      });

      expect(ended).toEqual([0]);
      expect(notStarted.length).toBe(many);
      expect(notStarted.every(({ index }, position) => index === position + 1)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('with --bail a worker starts nothing after its own failure, not even the file it was sent ahead', async () => {
    const pool = openWorkerPool({
      count: 1,
      settings: { cwd: fixtures, redaction: {}, repeat: 1, minPassRate: 1, bail: true, concurrency: 1 },
    });
    try {
      const files = ['failing/wrong-expectations.yaml', 'passing/echo.yaml', 'passing/plain.yaml'];
      const outcomes = await pool.load(files, {});
      // Three files make three batches; the worker is sent the first two at once.
      const scenarios = outcomes.map((outcome, index): IndexedScenario => ({
        index,
        packed: packLoaded(outcome),
      }));
      const ended: Array<{ index: number; status: string }> = [];

      const { notStarted } = await pool.run({
        scenarios,
        onStart: () => Promise.resolve(),
        onEnd: (result, index) => {
          ended.push({ index, status: result.status });
          return Promise.resolve();
        },
      });

      expect(ended).toEqual([{ index: 0, status: 'failed' }]);
      expect(notStarted.map(({ index }) => index)).toEqual([1, 2]);
    } finally {
      await pool.close();
    }
  });

  it('a worker whose main process is gone ends itself', async () => {
    const worker = fork(join(import.meta.dirname, '../dist/run/scenario-worker.js'), [], {
      serialization: 'advanced',
      execArgv: [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    worker.send({
      type: 'init',
      settings: { cwd: fixtures, redaction: {}, repeat: 1, minPassRate: 1, bail: false, concurrency: 1 },
    });
    // Its answer to a load says it is up and listening (before that, a closed channel is a race with its start).
    worker.send({ type: 'load', files: [], defaults: {} });
    await once(worker, 'message');
    const exited = once(worker, 'exit');

    // What the main process's end looks like to a worker: its channel closes, with no `close` before it.
    worker.disconnect();

    // As a SIGTERM ends it: the way a worker ends whose main process was killed, even with a thread blocked.
    expect(await exited).toEqual([null, 'SIGTERM']);
  });

  it('--bail stops on a failed run even when its scenario passes on its pass rate, as in one process', async () => {
    const suite = await mkdtemp(join(tmpdir(), 'toolloop-bail-repeat-'));
    try {
      const answers = (name: string, expected: string, delayMs: number) =>
        `name: ${name}\nturns:\n  - user: Hello.\n    llm:\n      - text: Hi.\n        delayMs: ${delayMs}\n    expect:\n      text: { equals: ${expected} }\n`;
      await writeFile(join(suite, 'a-fails.yaml'), answers('fails every run', 'Bye.', 0));
      // The others take a while each: the worker that does not have the failing file must not get through most of
      // them before the other worker has started (a loaded machine can start one process a second after the other).
      for (let index = 0; index < 40; index++)
        await writeFile(
          join(suite, `b-${String(index).padStart(2, '0')}.yaml`),
          answers(`passes ${index}`, 'Hi.', 100),
        );
      const run = (workers: number) =>
        runScenarios({
          paths: ['.'],
          cwd: suite,
          workers,
          concurrency: 2,
          repeat: 2,
          minPassRate: 0,
          bail: true,
        });

      const [inProcess, inWorkers] = [await run(1), await run(2)];

      // Each worker holds two batches of three files: the failed run's worker stops its own, and the main process
      // must send no further batch to either, so most of the 41 never start.
      expect(inProcess.report.summary.skipped).toBeGreaterThanOrEqual(20);
      expect(inWorkers.report.summary.skipped).toBeGreaterThanOrEqual(20);
      expect(childProcesses()).toEqual([]);
    } finally {
      await rm(suite, { recursive: true, force: true });
    }
  });
});
