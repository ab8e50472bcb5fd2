import { captureStack, whereStarted } from './where-started.js';

/** The methods that add a listener to `process`. */
const addingMethods = ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener'] as const;

type Listener = (...args: unknown[]) => void;

/** A listener added to `process` under some labels. */
interface AddedListener {
  labels: readonly string[];
  event: string | symbol;
  listener: Listener;
  startedAt: string | undefined;
}

/** The listeners added to `process` while watched, by the labels of the runs that added them. */
export interface ProcessListenerWatch {
  /** Those of `label` still attached, each described with where it was added; they are forgotten. */
  leftovers: (label: string) => string[];
  /** Stops watching: `process` gets its own methods back. */
  close: () => void;
}

/**
 * Watches the listeners added to `process` (`process.on('exit', …)` and the like): a listener a turn adds and
 * never removes holds what it closes over for the life of the process, and runs again at every event. `labelsNow`
 * says under which labels code runs at the time (none: not watched).
 */
export function watchProcessListeners({
  labelsNow,
  cwd,
}: {
  labelsNow: () => readonly string[] | undefined;
  cwd: string;
}): ProcessListenerWatch {
  const added: AddedListener[] = [];
  type Adding = (this: NodeJS.Process, event: string | symbol, listener: Listener) => NodeJS.Process;
  // One signature for the five: node's types list an overload per event.
  const originals = addingMethods.map((method) => [method, Reflect.get(process, method) as Adding] as const);
  const ownBefore = new Set(addingMethods.filter((method) => Object.hasOwn(process, method)));
  for (const [method, original] of originals) {
    const watched = function (this: NodeJS.Process, event: string | symbol, listener: Listener) {
      const labels = labelsNow();
      if (labels !== undefined) {
        added.push({
          labels,
          event,
          listener,
          startedAt: whereStarted({ stack: captureStack().stack ?? '', cwd }),
        });
      }
      return original.call(this, event, listener);
    };
    process[method] = watched as NodeJS.Process[typeof method];
  }
  const isAttached = ({ event, listener }: AddedListener) =>
    process
      .rawListeners(event)
      .some(
        (attached) => attached === listener || (attached as { listener?: unknown }).listener === listener,
      );
  return {
    leftovers(label) {
      const mine = added.filter((entry) => entry.labels.includes(label));
      for (const entry of mine) added.splice(added.indexOf(entry), 1);
      return mine
        .filter(isAttached)
        .map(
          ({ event, startedAt }) =>
            `a listener of process '${String(event)}'${startedAt === undefined ? '' : `, added at ${startedAt}`}`,
        );
    },
    close() {
      for (const [method, original] of originals) {
        // What `process` inherited is inherited again; what it had of its own is put back.
        if (ownBefore.has(method)) process[method] = original as NodeJS.Process[typeof method];
        else Reflect.deleteProperty(process, method);
      }
      added.length = 0;
    },
  };
}
