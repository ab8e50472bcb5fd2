/** Counts work in flight (requests being answered, streams being sent) and tells when there is none. */
export interface ActivityTracker {
  /** Marks one piece of work as started; call the returned function once when it ends. */
  begin(): () => void;
  /** Runs one piece of work, counted from its start until it settles. */
  track<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when no work is in flight (at once if none is). */
  waitForIdle(): Promise<void>;
}

/** Creates an activity tracker. */
export function createActivityTracker(): ActivityTracker {
  let active = 0;
  let waiters: Array<() => void> = [];
  return {
    begin() {
      active += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        active -= 1;
        if (active > 0) return;
        const resolved = waiters;
        waiters = [];
        for (const resolve of resolved) resolve();
      };
    },
    async track(work) {
      const end = this.begin();
      try {
        return await work();
      } finally {
        end();
      }
    },
    waitForIdle() {
      if (active === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
