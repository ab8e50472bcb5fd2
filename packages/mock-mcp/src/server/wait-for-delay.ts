import { setTimeout as sleep } from 'node:timers/promises';

/** Waits `delayMs`, or rejects at once when `signal` aborts (the timer is cleared, nothing is left running). */
export async function waitForDelay(options: { delayMs: number; signal: AbortSignal }): Promise<void> {
  options.signal.throwIfAborted();
  if (options.delayMs <= 0) return;
  await sleep(options.delayMs, undefined, { signal: options.signal });
}
