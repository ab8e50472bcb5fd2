/** An unbounded queue that concurrent producers push into and one consumer drains with `for await`. */
export interface EventChannel<T> extends AsyncIterable<T> {
  push(value: T): void;
  /** Ends iteration once the queued values are drained. */
  close(): void;
}

export function createEventChannel<T>(): EventChannel<T> {
  const queue: T[] = [];
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
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const value = queue.shift();
        if (value !== undefined) {
          yield value;
          continue;
        }
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
