/**
 * An unbounded queue that concurrent producers push into and one consumer drains: `take()` what has come, and
 * when nothing has, wait with `arrival()`. The consumer yields what it takes from its own generator, so a value
 * passes through no generator of the channel's (each layer of async generators costs a value a few microtasks).
 * A class: a round makes one, and its methods are shared rather than made anew as closures.
 */
export class EventChannel<T> {
  #queue: T[] = [];
  #closed = false;
  #wake: (() => void) | undefined;

  push(value: T): void {
    if (this.#closed) return;
    this.#queue.push(value);
    this.#notify();
  }

  /** No value is accepted after this; the consumer stops once it has taken what was pushed before. */
  close(): void {
    this.#closed = true;
    this.#notify();
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The values pushed since the last take, in order (an empty list when none). */
  take(): T[] {
    const taken = this.#queue;
    if (taken.length > 0) this.#queue = [];
    return taken;
  }

  /** Resolves at the next push or close, or at once if a value is waiting or the channel is closed. */
  arrival(): Promise<void> {
    if (this.#queue.length > 0 || this.#closed) return Promise.resolve();
    return new Promise<void>((resolve) => (this.#wake = resolve));
  }

  #notify(): void {
    const resolve = this.#wake;
    this.#wake = undefined;
    resolve?.();
  }
}
