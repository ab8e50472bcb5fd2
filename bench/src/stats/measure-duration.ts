/** Runs `work` once and returns how long it took in milliseconds, from `performance.now()`. */
export async function measureDuration(work: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  await work();
  return performance.now() - startedAt;
}
