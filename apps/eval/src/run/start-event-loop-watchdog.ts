import { Worker } from 'node:worker_threads';
import type { Reporter } from '../report/reporter.js';
import { maxTimerDelayMs } from './max-timer-delay-ms.js';

/** What the watchdog thread runs: it wakes each time the main thread beats, or when it should have. */
const watchdogSource = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { beats, running, blockedMs, command } = workerData;
const heart = new Int32Array(beats);
const names = new Uint8Array(running);
for (;;) {
  const seen = Atomics.load(heart, 0);
  if (seen === -1) break;
  if (Atomics.wait(heart, 0, seen, blockedMs) !== 'timed-out') continue;
  const length = names.indexOf(0);
  const list = new TextDecoder().decode(names.slice(0, length === -1 ? names.length : length));
  writeSync(2, command + ': the run has been blocked for ' + blockedMs / 1000 + ' s by code that never yields ' +
    '(a synchronous loop in a tool, an agent or a model adapter?); no deadline can interrupt it, so the process ends ' +
    'here.' + (list === '' ? '' : ' Running then: ' + list + '.') + '\\n');
  process.kill(process.pid, 'SIGKILL');
}
`;

/** The longest names text the watchdog keeps, in bytes. */
const runningBytes = 4096;

/** A watchdog over this process's event loop, and what it says when it fires. */
export interface EventLoopWatchdog {
  /** The scenarios running now, named in the watchdog's message. */
  setRunning(names: readonly string[]): void;
  /** Stops watching. */
  stop(): void;
}

/**
 * Watches this process's event loop from a thread of its own: when the loop has not turned for `blockedMs`
 * (a tool's `while (true) {}`: no timer, deadline or signal handler of the process can run then), it says so on
 * stderr and ends the process with SIGKILL, so a CI job fails instead of hanging. For the command line and its
 * worker processes only: a process that runs scenarios through `runScenarios` keeps its own say.
 */
export function startEventLoopWatchdog({
  blockedMs,
  command = 'toolloop-eval',
}: {
  blockedMs: number;
  command?: string;
}): EventLoopWatchdog {
  const beats = new SharedArrayBuffer(4);
  const running = new SharedArrayBuffer(runningBytes);
  const heart = new Int32Array(beats);
  const names = new Uint8Array(running);
  const thread = new Worker(watchdogSource, {
    eval: true,
    workerData: { beats, running, blockedMs, command },
    stdout: false,
    stderr: false,
  });
  thread.unref();
  // The beat holds nothing: a process that is done ends with it running.
  const beat = setInterval(
    () => {
      Atomics.store(heart, 0, (Atomics.load(heart, 0) + 1) % 1_000_000);
      Atomics.notify(heart, 0);
    },
    Math.max(10, Math.min(1000, blockedMs / 4)),
  );
  beat.unref();
  return {
    setRunning(list) {
      const encoded = new TextEncoder().encode(list.join(', ')).slice(0, runningBytes - 1);
      names.fill(0);
      names.set(encoded);
    },
    stop() {
      clearInterval(beat);
      Atomics.store(heart, 0, -1);
      Atomics.notify(heart, 0);
      void thread.terminate();
    },
  };
}

/** How long the loop may stand still before the watchdog ends the process: past any scenario's deadline. */
export function watchdogLimitMs({ scenarioTimeoutMs }: { scenarioTimeoutMs?: number | undefined }): number {
  // A scenario's own deadline ends it first; past it and a margin, nothing but code that never yields is left.
  return Math.min(maxTimerDelayMs, (scenarioTimeoutMs ?? 60_000) + 5_000);
}

/** A reporter that tells the watchdog which scenarios are running, so that its message can name them. */
export function createWatchdogReporter(watchdog: EventLoopWatchdog): Reporter {
  const running: string[] = [];
  return {
    onScenarioStart({ name }) {
      running.push(name);
      watchdog.setRunning(running);
    },
    onScenarioEnd({ name }) {
      const index = running.indexOf(name);
      if (index !== -1) running.splice(index, 1);
      watchdog.setRunning(running);
    },
  };
}
