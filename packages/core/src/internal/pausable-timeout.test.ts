import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPausableTimeout } from './pausable-timeout.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createPausableTimeout', () => {
  it('fires after its time, not counting the time paused, once every nested pause has resumed', () => {
    const onTimeout = vi.fn();
    const timeout = createPausableTimeout({ timeoutMs: 1_000, onTimeout, now: () => Date.now() });

    vi.advanceTimersByTime(400);
    timeout.pause();
    timeout.pause();
    vi.advanceTimersByTime(10_000);
    timeout.resume();
    vi.advanceTimersByTime(10_000);
    expect(onTimeout).not.toHaveBeenCalled();

    timeout.resume();
    vi.advanceTimersByTime(599);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('never fires once disposed, nor after a resume that follows', () => {
    const onTimeout = vi.fn();
    const timeout = createPausableTimeout({ timeoutMs: 100, onTimeout });
    timeout.pause();
    timeout.dispose();
    timeout.resume();
    vi.advanceTimersByTime(1_000);

    expect(onTimeout).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
