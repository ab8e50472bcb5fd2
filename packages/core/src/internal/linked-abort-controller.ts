/**
 * An AbortController that also aborts (with the same reason) when any of `signals` aborts, and an optional
 * deadline: one already past (`timeoutMs` ≤ 0) aborts it at once, with no timer. `dispose()` clears the timer and
 * the listeners, so nothing outlives the work it guarded.
 */
export interface LinkedAbortController {
  readonly signal: AbortSignal;
  abort(reason: unknown): void;
  dispose(): void;
}

export function createLinkedAbortController({
  signals = [],
  timeoutMs,
  timeoutReason,
}: {
  signals?: ReadonlyArray<AbortSignal | undefined>;
  timeoutMs?: number;
  timeoutReason?: () => unknown;
}): LinkedAbortController {
  const controller = new AbortController();
  const linked = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  const onAbort = (event: Event) => {
    controller.abort((event.target as AbortSignal).reason);
  };
  for (const signal of linked) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', onAbort, { once: true });
  }
  if (timeoutMs !== undefined && timeoutMs <= 0 && !controller.signal.aborted)
    controller.abort(timeoutReason?.());
  const timer =
    timeoutMs === undefined || !Number.isFinite(timeoutMs) || controller.signal.aborted
      ? undefined
      : setTimeout(() => {
          controller.abort(timeoutReason?.());
        }, timeoutMs);

  return {
    signal: controller.signal,
    abort: (reason) => {
      controller.abort(reason);
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      for (const signal of linked) signal.removeEventListener('abort', onAbort);
    },
  };
}
