/**
 * Races promises against one signal with a single listener: for reading a stream event by event, where a
 * listener (and a promise) per event would cost more than the event. `dispose()` removes the listener.
 */
export interface AbortRace {
  race<T>(promise: Promise<T>): Promise<T>;
  dispose(): void;
}

export function createAbortRace(signal: AbortSignal): AbortRace {
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      reject(signal.reason as Error);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // Rejections are seen through `race`; one nobody raced must not be reported as unhandled.
  aborted.catch(() => undefined);
  return {
    race: (promise) => {
      if (signal.aborted) promise.catch(() => undefined);
      return Promise.race([promise, aborted]);
    },
    dispose() {
      if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
    },
  };
}
