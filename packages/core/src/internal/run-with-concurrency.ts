/** Runs tasks with at most `limit` in flight at once; resolves when all have settled. Tasks must not throw. */
export async function runWithConcurrency(
  tasks: ReadonlyArray<() => Promise<void>>,
  limit: number,
): Promise<void> {
  // Room for every task: each starts now, in order, as the workers below would start them.
  if (limit >= tasks.length) {
    await Promise.all(tasks.map((task) => task()));
    return;
  }
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task !== undefined) await task();
    }
  };
  const workers = Array.from({ length: Math.min(Math.max(limit, 1), tasks.length) }, worker);
  await Promise.all(workers);
}
