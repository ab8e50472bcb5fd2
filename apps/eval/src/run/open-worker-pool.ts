import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ScenarioResult } from '../report/run-report.js';
import type { ScenarioDefaults } from '../scenario/scenario-defaults.js';
import { unpackScenario } from './pack-scenario.js';
import type { IndexedScenario } from './run-scenario-jobs.js';
import { toErrored } from './to-skipped.js';
import { toWorkerExecArgv } from './to-worker-exec-argv.js';
import type { FromWorker, LoadOutcome, ToWorker, WorkerSettings } from './worker-protocol.js';

// The built worker: the same path from the package's sources and from its `dist` (both sit two levels down).
const workerFile = fileURLToPath(new URL('../../dist/run/scenario-worker.js', import.meta.url));

/** Worker processes for one run: they load the scenario files, then run the selected scenarios. */
export interface WorkerPool {
  /**
   * Reads and validates `files` (relative to the run's directory) across the workers, a contiguous part each,
   * and resolves with each file's outcomes in the order given (one per wire a scenario with `wires` runs on).
   * Rejects if a worker exits while loading.
   */
  load: (files: readonly string[], defaults: ScenarioDefaults) => Promise<LoadOutcome[]>;
  /**
   * Runs the scenarios in batches of whole files (the next batch goes to the first worker free). Each scenario's
   * start and result come back to `onStart` and `onEnd`; with `bail`, a failure stops every worker from starting
   * another scenario. A worker that exits before its batches are done makes the scenarios it was running runner
   * errors, and a new worker takes the rest. Resolves once every worker has closed.
   */
  run: (options: {
    scenarios: readonly IndexedScenario[];
    onStart: (scenario: { name: string; file: string }) => Promise<void>;
    onEnd: (result: ScenarioResult, index: number) => Promise<void>;
  }) => Promise<{ notStarted: IndexedScenario[] }>;
  /** Ends every worker still running and waits for it: call it whatever happened. */
  close: () => Promise<void>;
}

interface Worker {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Where the worker's messages go now; they are handled one after another. */
  onMessage: (message: FromWorker) => Promise<void>;
  /** Resolves once every message received so far is handled. */
  handled: () => Promise<void>;
}

/**
 * Starts `count` worker processes, each with its own fake LLM and servers, running with `settings` (its
 * `concurrency` is each worker's).
 */
export function openWorkerPool({ count, settings }: { count: number; settings: WorkerSettings }): WorkerPool {
  if (!existsSync(workerFile))
    throw new Error(
      `Cannot run scenarios in worker processes: ${workerFile} is missing. Build @toolloop/eval (its dist/) first.`,
    );
  const live = new Set<Worker>();
  const exits: Array<Promise<unknown>> = [];
  // Once the run fails or the pool closes, no worker starts again.
  let closed = false;
  const spawn = (): Worker => {
    let handled = Promise.resolve();
    const child = fork(workerFile, [], {
      execArgv: toWorkerExecArgv(process.execArgv),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: Worker = {
      child,
      exited: new Promise((resolve) => {
        child.once('exit', (code, signal) => {
          live.delete(worker);
          resolve({ code, signal });
        });
      }),
      onMessage: () => Promise.resolve(),
      handled: () => handled,
    };
    // A worker that cannot start (no such file, no memory) exits: `exited` says how.
    child.on('error', () => undefined);
    child.on('message', (message: FromWorker) => {
      handled = handled.then(() => worker.onMessage(message));
    });
    live.add(worker);
    exits.push(worker.exited);
    post(child, { type: 'init', settings });
    return worker;
  };
  const started = Array.from({ length: count }, spawn);

  return {
    async load(files, defaults) {
      const parts = splitEvenly(files, started.length);
      const loaded = await Promise.all(
        started.map(
          (worker, index) =>
            new Promise<LoadOutcome[]>((resolve, reject) => {
              const part = parts[index] ?? [];
              worker.onMessage = (message) => {
                if (message.type === 'loaded') resolve(message.outcomes);
                return Promise.resolve();
              };
              void worker.exited.then(({ code, signal }) => {
                reject(
                  new Error(
                    `A worker process exited (${signal ?? `code ${code}`}) while it read ${part.length} scenario files, from ${part[0] ?? 'none'}.`,
                  ),
                );
              });
              post(worker.child, { type: 'load', files: part, defaults });
            }),
        ),
      );
      return loaded.flat();
    },

    async run({ scenarios, onStart, onEnd }) {
      const byIndex = new Map(scenarios.map((scenario) => [scenario.index, scenario]));
      const queue = toBatches({ scenarios, workers: started.length });
      const notStarted: IndexedScenario[] = [];
      let stopping = false;
      const stopAll = () => {
        if (stopping) return;
        stopping = true;
        for (const { child } of live) post(child, { type: 'stop' });
      };
      const drive = async (worker: Worker): Promise<void> => {
        // Batches sent and not yet done, oldest first: a worker holds the next one while it runs one, so it
        // never waits for the main process between them.
        const inFlight: IndexedScenario[][] = [];
        const begun = new Set<number>();
        const ended = new Set<number>();
        const state = { closing: false };
        let failure: { error: unknown } | undefined;
        const send = () => {
          const batch = stopping ? undefined : queue.shift();
          if (batch === undefined) {
            if (inFlight.length === 0 && !state.closing) {
              state.closing = true;
              post(worker.child, { type: 'close' });
            }
            return;
          }
          inFlight.push(batch);
          post(worker.child, {
            type: 'run',
            scenarios: batch.map(({ index, packed }) => ({
              index,
              file: packed.file,
              ...(packed.agentFile === undefined ? {} : { agentFile: packed.agentFile }),
              bytes: packed.bytes,
            })),
          });
        };
        worker.onMessage = async (message) => {
          try {
            switch (message.type) {
              case 'start':
                begun.add(message.index);
                await onStart({ name: message.name, file: message.file });
                return;
              case 'end':
                ended.add(message.index);
                if (message.result.status === 'failed' && settings.bail) stopAll();
                await onEnd(message.result, message.index);
                return;
              case 'run-failed':
                if (settings.bail) stopAll();
                return;
              case 'idle':
                for (const index of message.notStarted) {
                  const scenario = byIndex.get(index);
                  if (scenario !== undefined) notStarted.push(scenario);
                }
                inFlight.shift();
                send();
                return;
              case 'loaded':
                return;
            }
          } catch (error) {
            // A reporter that throws ends the run: every worker is stopped, and the error comes out of `run`.
            failure ??= { error };
            closed = true;
            for (const { child } of live) child.kill();
          }
        };
        send();
        send();
        const { code, signal } = await worker.exited;
        // The messages that came before the exit are handled first.
        await worker.handled();
        if (failure !== undefined) throw failure.error;
        const unfinished = inFlight.flat().filter(({ index }) => !ended.has(index));
        // What the worker had not started yet goes to the next worker; what it was running is lost with it. A
        // worker that started nothing at all takes its scenarios down with it, or each replacement would fail the
        // same way.
        const lost = begun.size === 0 ? unfinished : unfinished.filter(({ index }) => begun.has(index));
        const lostSet = new Set(lost);
        const unstarted = unfinished.filter((scenario) => !lostSet.has(scenario));
        if (unstarted.length > 0) queue.unshift(unstarted);
        const exit = signal ?? `code ${code}`;
        for (const scenario of lost) {
          const why = begun.has(scenario.index)
            ? `the worker process running ${scenario.packed.file} exited (${exit}) before the scenario ended`
            : `the worker process that was to run ${scenario.packed.file} exited (${exit}) before it started anything`;
          await onEnd(
            toErrored({ loaded: unpackScenario(scenario.packed), error: new Error(why) }),
            scenario.index,
          );
        }
        // A lost scenario failed: with bail, nothing more starts.
        if (lost.length > 0 && settings.bail) stopAll();
        // A worker that died with batches left is replaced; one that was told to close is done.
        if (!state.closing && queue.length > 0 && !stopping && !closed) await drive(spawn());
      };
      await Promise.all(started.filter((worker) => live.has(worker)).map(drive));
      // Batches never sent (a bail) did not start: one by one, since a suite's worth is more than a call can take
      // as arguments.
      for (const batch of queue) for (const scenario of batch) notStarted.push(scenario);
      return { notStarted: notStarted.sort((left, right) => left.index - right.index) };
    },

    async close() {
      closed = true;
      for (const { child } of live) child.kill();
      await Promise.all(exits);
    },
  };
}

/** `items` in `parts` contiguous parts of nearly equal length (the first ones one longer). */
function splitEvenly<ITEM>(items: readonly ITEM[], parts: number): ITEM[][] {
  const size = Math.floor(items.length / parts);
  const longer = items.length % parts;
  const split: ITEM[][] = [];
  let start = 0;
  for (let part = 0; part < parts; part++) {
    const end = start + size + (part < longer ? 1 : 0);
    split.push(items.slice(start, end));
    start = end;
  }
  return split;
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

function post(child: ChildProcess, message: ToWorker): void {
  if (child.connected) child.send(message);
}
