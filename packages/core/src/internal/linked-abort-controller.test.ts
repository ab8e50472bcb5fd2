import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLinkedAbortController } from './linked-abort-controller.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('createLinkedAbortController', () => {
  it.each([0, -5])('with a deadline already past (%i ms) is aborted at once, with no timer', (timeoutMs) => {
    vi.useFakeTimers();
    const controller = createLinkedAbortController({ timeoutMs, timeoutReason: () => 'too late' });

    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe('too late');
    expect(vi.getTimerCount()).toBe(0);
    controller.dispose();
  });

  it('keeps the reason of a linked signal aborted already, over a deadline already past', () => {
    const timeoutReason = vi.fn(() => 'too late');
    const controller = createLinkedAbortController({
      signals: [AbortSignal.abort('cancelled')],
      timeoutMs: 0,
      timeoutReason,
    });

    expect(controller.signal.reason).toBe('cancelled');
    expect(timeoutReason).not.toHaveBeenCalled();
    controller.dispose();
  });

  it('with a deadline still ahead aborts when it passes, and not before', () => {
    vi.useFakeTimers();
    const controller = createLinkedAbortController({ timeoutMs: 1, timeoutReason: () => 'too late' });

    expect(controller.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(controller.signal.reason).toBe('too late');
    controller.dispose();
  });
});
