/**
 * Races promises against one signal with a single listener: for reading a stream event by event, where a
 * listener (and a promise) per event would cost more than the event. One race at a time: each read waits for
 * the one before it. `dispose()` removes the listener.
 */
export interface AbortRace {
  race<T>(promise: Promise<T>): Promise<T>;
  dispose(): void;
}

export function createAbortRace(signal: AbortSignal): AbortRace {
  // The read under way, rejected by the listener when the signal aborts: one promise per read, and nothing
  // kept from one read to the next (a race against a shared "aborted" promise adds a reaction to it per read).
  let rejectRead: ((reason: unknown) => void) | undefined;
  const onAbort = () => {
    const reject = rejectRead;
    rejectRead = undefined;
    reject?.(signal.reason);
  };
  if (!signal.aborted) signal.addEventListener('abort', onAbort, { once: true });
  return {
    race: <T>(promise: Promise<T>): Promise<T> => {
      if (signal.aborted) {
        promise.catch(() => undefined);
        return Promise.reject(signal.reason as Error);
      }
      return new Promise<T>((resolve, reject) => {
        rejectRead = reject;
        promise.then(resolve, reject);
      });
    },
    dispose() {
      rejectRead = undefined;
      signal.removeEventListener('abort', onAbort);
    },
  };
}
