/**
 * Resolves after `ms`, or as soon as `signal` aborts (it never rejects), and clears its timer either way, so
 * no timer outlives the request it belongs to.
 */
export function wait(options: { ms: number; signal: AbortSignal }): Promise<void> {
  const { ms, signal } = options;
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    signal.addEventListener('abort', finish, { once: true });
  });
}

/** Resolves when `signal` aborts; nothing else keeps it pending, so nothing keeps the process alive. */
export function waitForAbort(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    signal.addEventListener(
      'abort',
      () => {
        resolve();
      },
      { once: true },
    );
  });
}
