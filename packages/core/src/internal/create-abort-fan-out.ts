/** Something that can be aborted: an `AbortController`, or a linked one. */
interface Abortable {
  abort(reason: unknown): void;
}

/**
 * Passes one signal's abort on to any number of controllers through a single listener — for the calls of a
 * round, where a listener per call on the turn's signal would trip Node's listener-leak warning at eleven.
 */
export interface AbortFanOut {
  /** Aborts `target` with the signal; at once if it has already fired. Returns a function that unlinks it. */
  add(target: Abortable): () => void;
  dispose(): void;
}

export function createAbortFanOut(signal: AbortSignal): AbortFanOut {
  const targets = new Set<Abortable>();
  const onAbort = () => {
    for (const target of targets) target.abort(signal.reason);
    targets.clear();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  return {
    add(target) {
      if (signal.aborted) {
        target.abort(signal.reason);
        return () => undefined;
      }
      targets.add(target);
      return () => {
        targets.delete(target);
      };
    },
    dispose() {
      signal.removeEventListener('abort', onAbort);
      targets.clear();
    },
  };
}
