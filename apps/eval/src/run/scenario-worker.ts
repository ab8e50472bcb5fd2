// A worker process of `runScenarios({ workers })`: runs the scenario files the main process sends it, each on
// its own fake LLM route, and sends each result back. Started by `runInWorkers` with an IPC channel.
import { resolve } from 'node:path';
import { serialize } from 'node:v8';
import { createAgentLoader, type AgentLoader } from '../agent/create-agent-loader.js';
import { endWithSignal } from '../cli/end-with-signal.js';
import type { ScenarioDefaults } from '../scenario/scenario-defaults.js';
import { ScenarioFileError } from '../scenario/scenario-file-error.js';
import { expandWires } from '../scenario/expand-wires.js';
import { loadScenarioFile, type LoadedScenario } from '../scenario/load-scenario-file.js';
import { openScenarioExecutor, type ScenarioExecutor } from './open-scenario-executor.js';
import { toSelectable } from './pack-scenario.js';
import { mapBounded } from './map-bounded.js';
import { runScenarioJobs } from './run-scenario-jobs.js';
import {
  startEventLoopWatchdog,
  watchdogLimitMs,
  type EventLoopWatchdog,
} from './start-event-loop-watchdog.js';
import { toErrored } from './to-skipped.js';
import type { FromWorker, LoadOutcome, ToWorker, WorkerScenario, WorkerSettings } from './worker-protocol.js';

const send = (message: FromWorker) =>
  new Promise<void>((resolve, reject) => {
    process.send?.(message, (error: Error | null) => {
      if (error === null) resolve();
      else reject(error);
    });
  });

let settings: WorkerSettings | undefined;
let agents: AgentLoader | undefined;
let executor: Promise<ScenarioExecutor> | undefined;
let stopped = false;
// Messages are handled one after another: a file runs to its end before the next message is read.
let queue = Promise.resolve();

let closing = false;
let watchdog: EventLoopWatchdog | undefined;
// The names of the scenarios running now, for the watchdog's message.
const runningNames: string[] = [];

// The main process closed this worker, or is gone (killed, or it ended without closing it): nothing is left to
// report to. Gone, it ends this worker as a SIGTERM would, not by `process.exit`, which would wait for a thread
// blocked in a read that never ends (a tool reading a FIFO no one writes).
process.once('disconnect', () => {
  if (closing) process.exit(0);
  else endWithSignal('SIGTERM');
});

process.on('message', (message: ToWorker) => {
  queue = queue
    .then(() => handle(message))
    .catch((error: unknown) => {
      process.stderr.write(
        `toolloop-eval worker: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    });
  // A stop must reach the file that is running now, not wait behind it.
  if (message.type === 'stop') stopped = true;
});

async function handle(message: ToWorker): Promise<void> {
  switch (message.type) {
    case 'init':
      settings = message.settings;
      // As in the main process: a scenario that never yields ends this worker, and the main process says which.
      watchdog = startEventLoopWatchdog({
        blockedMs: watchdogLimitMs(settings),
        command: 'toolloop-eval worker',
      });
      agents = createAgentLoader({ cwd: settings.cwd });
      executor = openScenarioExecutor(settings);
      return;
    case 'load':
      return load(message.files, message.defaults);
    case 'run':
      return runBatch(message.scenarios);
    case 'stop':
      return;
    case 'close':
      await (await executor)?.close();
      // Disconnecting ends this process (above).
      closing = true;
      process.disconnect();
      return;
  }
}

async function load(files: readonly string[], defaults: ScenarioDefaults): Promise<void> {
  if (settings === undefined || agents === undefined) throw new Error('files came before the settings');
  const { cwd } = settings;
  const loader = agents;
  const outcomes = await mapBounded(files, async (file): Promise<LoadOutcome[]> => {
    try {
      const loaded = await loadScenarioFile(resolve(cwd, file), { cwd, defaults, agents: loader });
      return expandWires(loaded).map((run) => ({
        type: 'loaded',
        file,
        selectable: toSelectable(run.scenario),
        bytes: serialize(run.scenario),
        ...(run.agent === undefined ? {} : { agentFile: run.agent.file }),
      }));
    } catch (error) {
      if (ScenarioFileError.isInstance(error)) return [{ type: 'invalid', file, issues: error.issues }];
      const { message, stack } = error instanceof Error ? error : new Error(String(error));
      return [{ type: 'failed', file, message, ...(stack === undefined ? {} : { stack }) }];
    }
  });
  await send({ type: 'loaded', outcomes: outcomes.flat() });
}

async function runBatch(scenarios: WorkerScenario[]): Promise<void> {
  if (settings === undefined || executor === undefined || agents === undefined)
    throw new Error('scenarios came before the settings');
  const { repeat, minPassRate, bail, concurrency } = settings;
  const running = await executor;
  const loader = agents;
  const { notStarted } = await runScenarioJobs({
    scenarios: scenarios.map(({ index, file, bytes }) => ({
      index,
      packed: { file, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    })),
    repeat,
    concurrency,
    minPassRate,
    bail,
    shouldStop: () => stopped,
    run: async (loaded, runId) => {
      const agentFile = scenarios.find((scenario) => scenario.file === loaded.file)?.agentFile;
      if (agentFile === undefined) return running.run(loaded, runId);
      const agent = await loader.load(agentFile);
      if (!agent.success) return toErrored({ loaded, error: new Error(agent.issue.message) });
      const withAgent: LoadedScenario = { ...loaded, agent: { file: agentFile, agent: agent.agent } };
      return running.run(withAgent, runId);
    },
    onStart: ({ name, file }, index) => {
      runningNames.push(name);
      watchdog?.setRunning(runningNames);
      return send({ type: 'start', index, name, file });
    },
    onEnd: (result, index) => {
      const at = runningNames.indexOf(result.name);
      if (at !== -1) runningNames.splice(at, 1);
      watchdog?.setRunning(runningNames);
      return send({ type: 'end', index, result });
    },
    // With bail, this worker starts nothing more (not even a file it was sent ahead, which it would otherwise
    // start before the main process's stop comes back), and the main process stops the other workers, as one
    // process stops its pool.
    onRunFailed: () => {
      if (!bail) return;
      stopped = true;
      void send({ type: 'run-failed' });
    },
  });
  await send({ type: 'idle', notStarted: notStarted.map(({ index }) => index) });
}
