/**
 * Runs `work` for each item with at most `concurrency` at once, in order of the items; once `shouldStop()`
 * says so, or once a `work` has thrown, items not yet started are left (and returned). A throw is rethrown only
 * after the items already running have settled: nothing runs on behind the caller's back.
 */
export async function runPool<ITEM>({
  items,
  concurrency,
  work,
  shouldStop = () => false,
}: {
  items: readonly ITEM[];
  concurrency: number;
  work: (item: ITEM) => Promise<void>;
  shouldStop?: () => boolean;
}): Promise<{ notStarted: ITEM[] }> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && failure === undefined && !shouldStop()) {
      const item = items[next++] as ITEM;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure !== undefined) throw failure.error;
  return { notStarted: items.slice(next) };
}
