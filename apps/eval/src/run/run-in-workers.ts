import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ScenarioResult } from '../report/run-report.js';
import type { LoadedScenario } from '../scenario/load-scenario-file.js';
import { unpackScenario } from './pack-scenario.js';
import type { IndexedScenario } from './run-scenario-jobs.js';
import { toErrored } from './to-skipped.js';
import type { FromWorker, ToWorker, WorkerSettings } from './worker-protocol.js';

// The built worker: the same path from the package's sources and from its `dist` (both sit two levels down).
const workerFile = fileURLToPath(new URL('../../dist/run/scenario-worker.js', import.meta.url));

/**
 * Runs scenario files in `workers` child processes, each with its own fake LLM and servers, in batches of
 * whole files (the next batch goes to the first worker free). Each scenario's start and result come back to `onStart` and
 * `onEnd` in the main process; with `bail`, a failure stops every worker from starting another scenario. A worker
 * that exits before its batches are done makes their unfinished scenarios runner errors, and a new worker takes
 * the batches left. Every worker has exited when this resolves or rejects.
 */
export async function runInWorkers({
  scenarios,
  workers,
  settings,
  onStart,
  onEnd,
}: {
  scenarios: readonly IndexedScenario[];
  workers: number;
  /** What each worker runs with; `concurrency` is each worker's. */
  settings: WorkerSettings;
  onStart: (loaded: LoadedScenario) => Promise<void>;
  onEnd: (result: ScenarioResult, index: number) => Promise<void>;
}): Promise<{ notStarted: IndexedScenario[] }> {
  if (!existsSync(workerFile))
    throw new Error(
      `Cannot run scenarios in worker processes: ${workerFile} is missing. Build @toolloop/eval (its dist/) first.`,
    );
  const byIndex = new Map(scenarios.map((scenario) => [scenario.index, scenario]));
  const queue = toBatches({ scenarios, workers });
  const notStarted: IndexedScenario[] = [];
  const children = new Set<ChildProcess>();
  const exits: Array<Promise<void>> = [];
  let stopping = false;

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    for (const child of children) post(child, { type: 'stop' });
  };

  const runWorker = () =>
    new Promise<void>((resolve, reject) => {
      const child = fork(workerFile, [], {
        execArgv: toWorkerExecArgv(process.execArgv),
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.add(child);
      exits.push(
        new Promise((exited) =>
          child.once('exit', () => {
            exited();
          }),
        ),
      );
      // Batches sent and not yet done, oldest first: a worker holds the next one while it runs one, so it never
      // waits for the main process between them.
      const inFlight: IndexedScenario[][] = [];
      const started = new Set<number>();
      const ended = new Set<number>();
      let closing = false;
      // Messages are handled in order: a result is reported before the batch it ends is counted done.
      let handled = Promise.resolve();
      const send = () => {
        const batch = stopping ? undefined : queue.shift();
        if (batch === undefined) {
          if (inFlight.length === 0 && !closing) {
            closing = true;
            post(child, { type: 'close' });
          }
          return;
        }
        inFlight.push(batch);
        post(child, {
          type: 'run',
          scenarios: batch.map(({ index, packed }) => ({
            index,
            file: packed.file,
            ...(packed.agent === undefined ? {} : { agentFile: packed.agent.file }),
            bytes: packed.bytes,
          })),
        });
      };
      const handle = async (message: FromWorker) => {
        switch (message.type) {
          case 'start': {
            started.add(message.index);
            const scenario = byIndex.get(message.index);
            if (scenario !== undefined) await onStart(unpackScenario(scenario.packed));
            return;
          }
          case 'end':
            ended.add(message.index);
            if (message.result.status === 'failed' && settings.bail) stopAll();
            await onEnd(message.result, message.index);
            return;
          case 'idle':
            for (const index of message.notStarted) {
              const scenario = byIndex.get(index);
              if (scenario !== undefined) notStarted.push(scenario);
            }
            inFlight.shift();
            send();
            return;
        }
      };
      child.on('message', (message: FromWorker) => {
        handled = handled.then(() => handle(message)).catch(reject);
      });
      child.once('exit', (code, signal) => {
        children.delete(child);
        void handled
          .then(async () => {
            const unfinished = inFlight.flat().filter(({ index }) => !ended.has(index));
            // What the worker had not started yet goes to the next worker; what it was running is lost with it.
            // A worker that started nothing at all (one that cannot load) takes its scenarios down with it, or
            // each replacement would fail the same way.
            const lost =
              started.size === 0 ? unfinished : unfinished.filter(({ index }) => started.has(index));
            const unstarted = unfinished.filter((scenario) => !lost.includes(scenario));
            if (unstarted.length > 0) queue.unshift(unstarted);
            for (const scenario of lost) {
              const why = `the worker process running ${scenario.packed.file} exited (${signal ?? `code ${code}`}) before the scenario ended`;
              await onEnd(
                toErrored({ loaded: unpackScenario(scenario.packed), error: new Error(why) }),
                scenario.index,
              );
            }
            // A worker that died with batches left is replaced; one that was told to close is done.
            if (!closing && queue.length > 0 && !stopping) await runWorker();
          })
          .then(resolve, reject);
      });
      child.once('error', reject);
      post(child, { type: 'init', settings });
      send();
      send();
    });

  try {
    await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, runWorker));
  } finally {
    // A failure in the main process (a reporter that threw) ends the workers too, and waits for them.
    for (const child of children) child.kill();
    await Promise.all(exits);
  }
  // Batches never sent (a bail) did not start.
  notStarted.push(...queue.flat());
  return { notStarted: notStarted.sort((left, right) => left.index - right.index) };
}

/**
 * The scenarios in batches of whole files, in order, each of about `1/8` of a worker's share (at least one file,
 * at most 50 scenarios unless one file has more): small enough that the last batches even out the workers, large
 * enough that a worker runs several scenarios side by side.
 */
function toBatches({
  scenarios,
  workers,
}: {
  scenarios: readonly IndexedScenario[];
  workers: number;
}): IndexedScenario[][] {
  const size = Math.max(1, Math.min(50, Math.ceil(scenarios.length / (workers * 8))));
  const batches: IndexedScenario[][] = [];
  let batch: IndexedScenario[] = [];
  for (const [position, scenario] of scenarios.entries()) {
    batch.push(scenario);
    const fileEnds = scenarios[position + 1]?.packed.file !== scenario.packed.file;
    if (fileEnds && batch.length >= size) {
      batches.push(batch);
      batch = [];
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The Node flags a worker inherits: all but resolution conditions (a test runner's, which can point packages at
 * their TypeScript sources; the worker is built JavaScript) and the inspector's (its port is taken).
 */
function toWorkerExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const flag = execArgv[index] ?? '';
    if (flag === '--conditions' || flag === '-C') {
      index++;
      continue;
    }
    if (flag.startsWith('--conditions=') || flag.startsWith('--inspect')) continue;
    kept.push(flag);
  }
  return kept;
}

function post(child: ChildProcess, message: ToWorker): void {
  if (child.connected) child.send(message);
}
