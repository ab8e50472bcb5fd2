/**
 * An abort for one piece of work (a tool call) whose `AbortSignal` is made only when something reads it, with an
 * optional deadline: most calls end without anyone looking at their signal, and making one (an `EventTarget`) and
 * listening to it costs more than the rest of a trivial call. Reading `signal` after an abort gives a signal
 * already aborted with the same reason; `race` settles as a race against that signal would, without a listener.
 * `dispose()` clears the timer; an abort after it does nothing, as with a disposed linked controller.
 */
export interface LazyAbortController {
  /** The work's signal, made on first read (already aborted when the work was). */
  readonly signal: AbortSignal;
  /** Whether the work was aborted, without making the signal. */
  readonly aborted: boolean;
  abort(reason: unknown): void;
  /** Settles with `promise`, or rejects with the abort's reason as soon as it aborts, whichever comes first. */
  race<T>(promise: Promise<T>): Promise<T>;
  dispose(): void;
}

export function createLazyAbortController({
  timeoutMs,
  timeoutReason,
}: {
  timeoutMs?: number;
  timeoutReason?: () => unknown;
}): LazyAbortController {
  let controller: AbortController | undefined;
  let aborted = false;
  let disposed = false;
  let reason: unknown;
  let rejectRace: ((reason: unknown) => void) | undefined;

  const abort = (abortReason: unknown) => {
    if (aborted || disposed) return;
    aborted = true;
    // As `AbortController.abort` does: no reason is an `AbortError`, made by the signal itself.
    controller ??= new AbortController();
    controller.abort(abortReason);
    reason = controller.signal.reason;
    rejectRace?.(reason);
  };
  const timer =
    timeoutMs === undefined || !Number.isFinite(timeoutMs)
      ? undefined
      : setTimeout(() => {
          abort(timeoutReason?.());
        }, timeoutMs);

  return {
    get signal() {
      controller ??= new AbortController();
      return controller.signal;
    },
    get aborted() {
      return aborted;
    },
    abort,
    race<T>(promise: Promise<T>): Promise<T> {
      if (aborted) {
        promise.catch(() => undefined);
        // The abort's reason, whatever it is, as a race against the signal would reject with it.
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        return Promise.reject(reason);
      }
      return new Promise<T>((resolve, reject) => {
        rejectRace = reject;
        promise.then(resolve, reject);
      });
    },
    dispose() {
      disposed = true;
      rejectRace = undefined;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
