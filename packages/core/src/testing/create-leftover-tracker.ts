import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { watchProcessListeners } from './watch-process-listeners.js';
import { captureStack, whereStarted, type CapturedStack } from './where-started.js';

/** The resources that keep a process alive, by their async_hooks type, as a message names them. */
const trackedKinds: Readonly<Record<string, string>> = {
  Timeout: 'a timer',
  TCPWRAP: 'a socket',
  TCPSERVERWRAP: 'a server',
  PIPEWRAP: 'a pipe',
  PIPESERVERWRAP: 'a pipe server',
  PROCESSWRAP: 'a child process',
  UDPWRAP: 'a UDP socket',
  FSEVENTWRAP: 'a file watcher',
  STATWATCHER: 'a file watcher',
};

/** A resource started under a label and not closed. */
interface Tracked {
  /** The labels of the runs it was started in, outermost first. */
  labels: readonly string[];
  kind: string;
  /**
   * Node's handles and timers answer whether they keep the process alive; a resource of the same type made by
   * other code (an `AsyncResource`) may not, and is not counted as holding anything.
   */
  resource: { hasRef?: () => boolean | undefined; _idleTimeout?: number };
  /** The stack it was started with, read for where it started only if it is left running. */
  stack: CapturedStack;
}

/**
 * Finds what code leaves running once it is done: the timers, sockets, servers, child processes and file
 * watchers it started, directly or through what it called, that still keep the process alive, and the listeners
 * it added to `process` (`process.on('exit', …)`) and never removed. It watches every asynchronous resource the
 * process creates (an init hook of node:async_hooks, which asks node to leave promises out where it can, and
 * which every promise calls where it cannot; no destroy hook, which would make node follow every promise until it
 * is collected) and every listener added to `process`, from its creation until `close()`.
 */
export interface LeftoverTracker {
  /**
   * Runs `work` under `label`: what it starts, directly or not, counts as the label's, and as the label's of
   * every run it is inside (a turn's timer is also its scenario's).
   */
  run: <RESULT>(label: string, work: () => Promise<RESULT>) => Promise<RESULT>;
  /**
   * What `label`'s work started and still runs, each described with where it was started
   * (`a timer of 60 s, started at src/agent.ts:10:5`), once the event loop has let go of what was closed; what
   * is listed is forgotten. Unreferenced timers and handles, which do not keep a process alive, are not listed.
   * `timersOnly` lists only timers and forgets only those: for a part of a run (a turn) whose sockets,
   * processes and listeners belong to the whole (the servers a scenario keeps from turn to turn), judged when the
   * whole ends.
   */
  leftovers: (label: string, options?: { timersOnly?: boolean }) => Promise<string[]>;
  /** Stops watching. */
  close: () => void;
}

/**
 * Creates a leftover tracker. Locations are shown relative to `cwd` when under it.
 *
 * @example
 * const tracker = createLeftoverTracker();
 * try {
 *   await tracker.run('turn', () => runToolLoop({ model, tools, prompt: 'Hi' }).result);
 *   expect(await tracker.leftovers('turn')).toEqual([]);
 * } finally {
 *   tracker.close();
 * }
 */
export function createLeftoverTracker({ cwd = process.cwd() }: { cwd?: string } = {}): LeftoverTracker {
  const current = new AsyncLocalStorage<readonly string[]>();
  const tracked = new Map<number, Tracked>();
  const trackedIds = new WeakMap<object, number>();
  // Closed resources are forgotten when their label is judged, and in a sweep whenever the map has doubled
  // since the last: no destroy hook, which would make node follow every promise to its collection.
  let sweepAt = minimumSweepSize;
  const hook = createHook({
    // No promise is tracked: where node can leave them out (`trackPromises`: Node 24.22 can, Node 20 cannot),
    // the hook costs nothing per promise; a version without the option ignores it and calls init for each.
    ...untrackedPromises,
    init(asyncId, type, _triggerAsyncId, resource) {
      const kind = trackedKinds[type];
      if (kind === undefined) return;
      // A timer refreshed after it fired starts again under a new id, in whatever run refreshed it: only its
      // latest start counts.
      const earlier = trackedIds.get(resource);
      if (earlier !== undefined) tracked.delete(earlier);
      const labels = current.getStore();
      if (labels === undefined) return;
      trackedIds.set(resource, asyncId);
      tracked.set(asyncId, {
        labels,
        kind,
        resource,
        stack: captureStack(),
      });
      if (tracked.size < sweepAt) return;
      for (const [id, entry] of tracked) if (!isOpen(entry)) tracked.delete(id);
      sweepAt = Math.max(minimumSweepSize, 2 * tracked.size);
    },
  }).enable();
  const listeners = watchProcessListeners({ labelsNow: () => current.getStore(), cwd });
  return {
    run: (label, work) => current.run([...(current.getStore() ?? []), label], work),
    async leftovers(label, { timersOnly = false } = {}) {
      // A handle closed just now is freed in the close phase of the loop, after the check phase: two turns on.
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      const held = () =>
        [...tracked.values()].filter(
          (entry) =>
            entry.labels.includes(label) &&
            (!timersOnly || entry.kind === 'a timer') &&
            isOpen(entry) &&
            entry.resource.hasRef?.() === true,
        );
      for (let count = 0; count < 2; count++) await turn();
      // Timers are judged now: waiting longer would let a short one fire and pass.
      const timers = held().filter((entry) => entry.kind === 'a timer');
      // A socket may close a few turns after what closes it (an HTTP/2 session ends its socket in a later turn
      // than its last stream): one still held is given up to ten turns in all.
      const isOther = (entry: Tracked) => entry.kind !== 'a timer';
      for (let count = 2; count < 10 && held().some(isOther); count++) await turn();
      const left = [...timers, ...held().filter(isOther)].map((entry) => describe(entry, cwd));
      // A listener of the process holds nothing open, but lives (and runs at each event) as long as the process.
      if (!timersOnly) left.push(...listeners.leftovers(label));
      for (const [asyncId, entry] of tracked) {
        if (entry.labels.includes(label) && (!timersOnly || entry.kind === 'a timer'))
          tracked.delete(asyncId);
      }
      return left;
    },
    close() {
      hook.disable();
      listeners.close();
      tracked.clear();
    },
  };
}

/** The hook option that leaves promises out, which this version of @types/node does not know yet. */
const untrackedPromises = { trackPromises: false } as const;

/** How many resources are tracked before closed ones are first swept out. */
const minimumSweepSize = 1024;

/**
 * Whether a tracked resource is still open, referenced or not: a timer not yet fired or cleared; a handle not
 * closed (node's handles answer `hasRef()` with a boolean until they are closed, then with nothing).
 */
function isOpen({ kind, resource }: Tracked): boolean {
  if (kind === 'a timer') return (resource as { _destroyed?: boolean })._destroyed !== true;
  return typeof resource.hasRef?.() === 'boolean';
}

function describe({ kind, resource, stack }: Tracked, cwd: string): string {
  const startedAt = whereStarted({ stack: stack.stack ?? '', cwd });
  const every =
    kind === 'a timer' && typeof resource._idleTimeout === 'number' && resource._idleTimeout > 0
      ? ` of ${Number((resource._idleTimeout / 1000).toFixed(3))} s`
      : '';
  return `${kind}${every}${startedAt === undefined ? '' : `, started at ${startedAt}`}`;
}
