import { vi } from 'vitest';

/**
 * Runs `work` and counts the timers it set with the global `setTimeout` that are still pending when it has ended:
 * neither fired nor cleared. Counting the process's active timers instead would also see the timers of other test
 * files, which share the process: one of theirs that fires meanwhile could hide a leak, one set meanwhile could
 * look like one. The loop's own timers (the turn's deadline, each call's timeout) are all made this way.
 */
export async function timersLeftBy<T>(work: () => Promise<T>): Promise<{ value: T; left: number }> {
  const pending = new Set<unknown>();
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  const set = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: (...callbackArguments: unknown[]) => void,
    delay?: number,
    ...callbackArguments: unknown[]
  ) => {
    const timer = realSetTimeout(() => {
      pending.delete(timer);
      callback(...callbackArguments);
    }, delay);
    pending.add(timer);
    return timer;
  }) as typeof setTimeout);
  const clear = vi.spyOn(globalThis, 'clearTimeout').mockImplementation((timer) => {
    pending.delete(timer);
    realClearTimeout(timer);
  });
  let value: T;
  try {
    value = await work();
  } finally {
    set.mockRestore();
    clear.mockRestore();
  }
  for (const timer of pending) realClearTimeout(timer as ReturnType<typeof setTimeout>);
  return { value, left: pending.size };
}
