import { runPool } from './run-pool.js';

/** Files read at once while a run loads its scenarios: enough to keep the disk busy, few enough to hold. */
const defaultConcurrency = 32;

/**
 * `Promise.all(items.map(work))` with at most `concurrency` calls of `work` running at once (see `runPool`: a
 * throw is rethrown once the calls already running have settled), the results in the order of the items.
 * Reading thousands of files all at once would open them all at once (a process has a limited number of file
 * handles) and keep the text and parsed form of every one alive together.
 */
export async function mapBounded<ITEM, RESULT>(
  items: readonly ITEM[],
  work: (item: ITEM) => Promise<RESULT>,
  concurrency = defaultConcurrency,
): Promise<RESULT[]> {
  const results = new Array<RESULT>(items.length);
  await runPool({
    items: items.map((item, index) => ({ item, index })),
    concurrency,
    work: async ({ item, index }) => {
      results[index] = await work(item);
    },
  });
  return results;
}
