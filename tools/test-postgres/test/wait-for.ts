import { setTimeout as delay } from 'node:timers/promises';

/** Checks `condition` every 20 ms until it holds; fails after `timeoutMs` (30 s unless given), naming `what`. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(20);
  }
}
