import { vi } from 'vitest';

type Callback = (...callbackArguments: unknown[]) => void;

/**
 * Runs `work` and counts the timers it set that are still pending when it has ended: timeouts neither fired nor
 * cleared, intervals not cleared. Counting the process's active timers instead would also see the timers of
 * other test files, which share the process: one of theirs that fires meanwhile could hide a leak, one set
 * meanwhile could look like one.
 *
 * It sees the timers set through the global functions (`setTimeout`, `setInterval`), which are the only ones the
 * loop uses (the turn's deadline, each call's timeout); not those of `node:timers` or `node:timers/promises`
 * imported as modules, and not a fired timeout started again with `refresh()`.
 */
export async function timersLeftBy<T>(work: () => Promise<T>): Promise<{ value: T; left: number }> {
  const pending = new Set<unknown>();
  const real = {
    setTimeout: globalThis.setTimeout,
    setInterval: globalThis.setInterval,
    clearTimeout: globalThis.clearTimeout,
  };
  const spies = [
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      callback: Callback,
      delay?: number,
      ...callbackArguments: unknown[]
    ) => {
      const timer = real.setTimeout(() => {
        pending.delete(timer);
        callback(...callbackArguments);
      }, delay);
      pending.add(timer);
      return timer;
    }) as typeof setTimeout),
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((
      callback: Callback,
      delay?: number,
      ...callbackArguments: unknown[]
    ) => {
      const timer = real.setInterval(callback, delay, ...callbackArguments);
      pending.add(timer);
      return timer;
    }) as typeof setInterval),
    // Either clears either kind of timer.
    ...(['clearTimeout', 'clearInterval'] as const).map((name) =>
      vi.spyOn(globalThis, name).mockImplementation((timer) => {
        pending.delete(timer);
        real.clearTimeout(timer);
      }),
    ),
  ];
  let value: T;
  try {
    value = await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  for (const timer of pending) real.clearTimeout(timer as ReturnType<typeof setTimeout>);
  return { value, left: pending.size };
}
