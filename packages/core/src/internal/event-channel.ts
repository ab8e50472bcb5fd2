/**
 * An unbounded queue that concurrent producers push into and one consumer drains: `take()` what has come, and
 * when nothing has, wait with `arrival()`. The consumer yields what it takes from its own generator, so a value
 * passes through no generator of the channel's (each layer of async generators costs a value a few microtasks).
 */
export interface EventChannel<T> {
  push(value: T): void;
  /** No value is accepted after this; the consumer stops once it has taken what was pushed before. */
  close(): void;
  readonly closed: boolean;
  /** The values pushed since the last take, in order (an empty list when none). */
  take(): T[];
  /** Resolves at the next push or close, or at once if a value is waiting or the channel is closed. */
  arrival(): Promise<void>;
}

export function createEventChannel<T>(): EventChannel<T> {
  let queue: T[] = [];
  let closed = false;
  let wake: (() => void) | undefined;

  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };

  return {
    push(value) {
      if (closed) return;
      queue.push(value);
      notify();
    },
    close() {
      closed = true;
      notify();
    },
    get closed() {
      return closed;
    },
    take() {
      if (queue.length === 0) return queue;
      const taken = queue;
      queue = [];
      return taken;
    },
    arrival() {
      if (queue.length > 0 || closed) return Promise.resolve();
      return new Promise<void>((resolve) => (wake = resolve));
    },
  };
}
