import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';

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
  SIGNALWRAP: 'a signal listener',
};

/** A resource a scenario started and has not closed. */
interface Tracked {
  label: string;
  kind: string;
  resource: { hasRef?: () => boolean; _idleTimeout?: number };
  /** Where the code that started it is, outside node's own modules. */
  startedAt: string | undefined;
}

/**
 * Finds what a scenario leaves running after it ends (`--detect-leftovers`): timers, sockets, servers, child
 * processes started while it ran that still keep the process alive. It watches every asynchronous resource the
 * process creates (async_hooks, which slows a run by about a tenth), so it is on only when asked for.
 */
export interface LeftoverTracker {
  /** Runs `work` as the scenario `label`: what it starts, directly or not, is counted as the scenario's. */
  run: <RESULT>(label: string, work: () => Promise<RESULT>) => Promise<RESULT>;
  /**
   * What `label` started and still runs, described (`a timer of 60 s, started at agent.ts:10:5`), once the
   * event loop has let go of what was closed; the label is forgotten.
   */
  leftovers: (label: string) => Promise<string[]>;
  /** Stops watching. */
  close: () => void;
}

export function createLeftoverTracker({ cwd }: { cwd: string }): LeftoverTracker {
  const scenario = new AsyncLocalStorage<string>();
  const tracked = new Map<number, Tracked>();
  const hook = createHook({
    init(asyncId, type, _triggerAsyncId, resource) {
      const kind = trackedKinds[type];
      const label = kind === undefined ? undefined : scenario.getStore();
      if (kind === undefined || label === undefined) return;
      tracked.set(asyncId, {
        label,
        kind,
        resource,
        startedAt: whereStarted({ stack: captureStack(), cwd }),
      });
    },
    destroy(asyncId) {
      tracked.delete(asyncId);
    },
  }).enable();
  return {
    run: (label, work) => scenario.run(label, work),
    async leftovers(label) {
      // A handle closed just now is freed in the close phase of the loop, after the check phase: two turns on.
      for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
      const left: string[] = [];
      for (const [asyncId, entry] of tracked) {
        if (entry.label !== label) continue;
        tracked.delete(asyncId);
        if (entry.resource.hasRef?.() === false || isSpentTimer(entry)) continue;
        left.push(describe(entry));
      }
      return left;
    },
    close() {
      hook.disable();
      tracked.clear();
    },
  };
}

/** A timeout that fired is done, though its destroy hook may come later. */
function isSpentTimer(entry: Tracked): boolean {
  const timer = entry.resource as { _destroyed?: boolean };
  return entry.kind === 'a timer' && timer._destroyed === true;
}

function describe({ kind, resource, startedAt }: Tracked): string {
  const every =
    kind === 'a timer' && typeof resource._idleTimeout === 'number' && resource._idleTimeout > 0
      ? ` of ${Number((resource._idleTimeout / 1000).toFixed(3))} s`
      : '';
  return `${kind}${every}${startedAt === undefined ? '' : `, started at ${startedAt}`}`;
}

/**
 * Where `stack` was taken, in the user's own code if a frame is there (not in node_modules), else in the first
 * file of a package; relative to `cwd` when under it.
 */
function whereStarted({ stack, cwd }: { stack: string; cwd: string }): string | undefined {
  const frames = stack.split('\n').flatMap((line) => {
    const location = /(?:\(|at )((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?$/.exec(line.trim());
    if (location === null) return [];
    const [, path = '', row = '', column = ''] = location;
    const file = path.startsWith('file://') ? fileURLToPath(path) : path;
    return file === thisFile ? [] : [{ file, at: `${row}:${column}` }];
  });
  const frame = frames.find(({ file }) => !file.includes('/node_modules/')) ?? frames[0];
  if (frame === undefined) return undefined;
  return `${frame.file.startsWith(`${cwd}/`) ? frame.file.slice(cwd.length + 1) : frame.file}:${frame.at}`;
}

const thisFile = fileURLToPath(import.meta.url);

/** The stack here, deep enough to reach past node's own frames and the hooks' to the code that started it. */
function captureStack(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  try {
    return new Error().stack ?? '';
  } finally {
    Error.stackTraceLimit = limit;
  }
}
