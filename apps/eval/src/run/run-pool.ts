/**
 * Runs `work` for each item with at most `concurrency` at once, in order of the items; once `shouldStop()`
 * says so, items not yet started are left (and returned).
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
  const worker = async () => {
    while (next < items.length && !shouldStop()) {
      const item = items[next++] as ITEM;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return { notStarted: items.slice(next) };
}
