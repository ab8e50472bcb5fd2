/**
 * A promise that never resolves and rejects with the abort reason when `signal` aborts: the `hang` response.
 * It holds no timer or handle, so it never keeps the process alive.
 */
export function waitUntilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const onAbort = () => {
      reject(toError(signal.reason));
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
