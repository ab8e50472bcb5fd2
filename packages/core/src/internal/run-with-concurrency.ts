/**
 * Runs `run(0)` … `run(count - 1)` with at most `limit` in flight at once, starting them in order; resolves when
 * all have settled. `run` must not throw or reject.
 */
export async function runWithConcurrency(
  count: number,
  limit: number,
  run: (index: number) => Promise<void>,
): Promise<void> {
  // The usual round: one call, or room for every call. Each starts now, in order, as the workers below would
  // start them, and no list of tasks is made for it.
  if (count === 1) return run(0);
  if (limit >= count) {
    const running: Array<Promise<void>> = [];
    for (let index = 0; index < count; index += 1) running.push(run(index));
    await Promise.all(running);
    return;
  }
  let next = 0;
  const worker = async () => {
    while (next < count) await run(next++);
  };
  const workers = Array.from({ length: Math.min(Math.max(limit, 1), count) }, worker);
  await Promise.all(workers);
}
