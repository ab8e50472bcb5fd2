/**
 * Items produced once and read by any number of iterators, each from the start, plus the final result: the
 * buffer behind a loop run's events and a session's message stream. Only the first `finish` or `fail` counts;
 * items pushed after it are ignored.
 */
export interface ReplayBuffer<ITEM, RESULT> extends AsyncIterable<ITEM> {
  /** Settles with `finish` or `fail`; a failure is also thrown to iterators, so it is never unhandled. */
  readonly result: Promise<RESULT>;
  push(item: ITEM): void;
  finish(result: RESULT): void;
  fail(error: unknown): void;
}

export function createReplayBuffer<ITEM, RESULT>(): ReplayBuffer<ITEM, RESULT> {
  const items: ITEM[] = [];
  const waiters = new Set<() => void>();
  let state: { status: 'running' } | { status: 'finished' } | { status: 'failed'; error: unknown } = {
    status: 'running',
  };
  let settle!: { resolve: (result: RESULT) => void; reject: (error: unknown) => void };
  const result = new Promise<RESULT>((resolve, reject) => (settle = { resolve, reject }));
  // Iterators see a failure too; only a caller that awaits `result` needs the rejection.
  result.catch(() => undefined);

  const notify = () => {
    for (const wake of waiters) wake();
    waiters.clear();
  };

  return {
    result,
    push(item) {
      if (state.status !== 'running') return;
      items.push(item);
      notify();
    },
    finish(value) {
      if (state.status !== 'running') return;
      state = { status: 'finished' };
      settle.resolve(value);
      notify();
    },
    fail(error) {
      if (state.status !== 'running') return;
      state = { status: 'failed', error };
      settle.reject(error);
      notify();
    },
    async *[Symbol.asyncIterator]() {
      let index = 0;
      for (;;) {
        if (index < items.length) {
          yield items[index++] as ITEM;
          continue;
        }
        if (state.status === 'failed') throw state.error;
        if (state.status === 'finished') return;
        await new Promise<void>((resolve) => waiters.add(resolve));
      }
    },
  };
}
