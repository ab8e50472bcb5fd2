/**
 * A timeout that does not count the time something else takes: between `pause()` and `resume()` (nested: it
 * counts again once every pause has resumed) the clock stops. `dispose()` clears it; it fires at most once.
 */
export function createPausableTimeout({
  timeoutMs,
  onTimeout,
  now = Date.now,
}: {
  timeoutMs: number;
  onTimeout: () => void;
  now?: () => number;
}): { pause: () => void; resume: () => void; dispose: () => void } {
  let remaining = timeoutMs;
  let startedAt = now();
  let pauses = 0;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    if (done || !Number.isFinite(remaining)) return;
    startedAt = now();
    timer = setTimeout(
      () => {
        done = true;
        onTimeout();
      },
      Math.max(0, remaining),
    );
  };
  arm();
  return {
    pause: () => {
      pauses += 1;
      if (pauses > 1 || timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      remaining -= now() - startedAt;
    },
    resume: () => {
      if (pauses === 0) return;
      pauses -= 1;
      if (pauses === 0) arm();
    },
    dispose: () => {
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
