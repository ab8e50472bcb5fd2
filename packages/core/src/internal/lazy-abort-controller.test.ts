import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLazyAbortController } from './lazy-abort-controller.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('createLazyAbortController', () => {
  it('races a promise without making a signal, and settles with it', async () => {
    const controller = createLazyAbortController({});
    await expect(controller.race(Promise.resolve('done'))).resolves.toBe('done');
    await expect(controller.race(Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(controller.aborted).toBe(false);
    expect(controller.signal.aborted).toBe(false);
  });

  it('rejects a running race with the reason, and a signal read later is already aborted with it', async () => {
    const controller = createLazyAbortController({});
    const raced = controller.race(new Promise(() => undefined));
    const reason = new Error('turn ended');
    controller.abort(reason);

    await expect(raced).rejects.toBe(reason);
    expect(controller.aborted).toBe(true);
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe(reason);
    // A race started after the abort rejects at once, and the promise it was given is not left unhandled.
    await expect(controller.race(Promise.reject(new Error('ignored')))).rejects.toBe(reason);
  });

  it('aborts a signal already read, calling its listeners, before the race rejects', async () => {
    const controller = createLazyAbortController({});
    const seen: string[] = [];
    controller.signal.addEventListener('abort', () => seen.push('listener'));
    const raced = controller.race(new Promise(() => undefined)).catch(() => seen.push('race'));
    controller.abort('stop');
    await raced;

    expect(seen).toEqual(['listener', 'race']);
    expect(controller.signal.reason).toBe('stop');
  });

  it('aborts without a reason as AbortController does: with an AbortError', async () => {
    const controller = createLazyAbortController({});
    const raced = controller.race(new Promise(() => undefined));
    controller.abort(undefined);

    await expect(raced).rejects.toMatchObject({ name: 'AbortError' });
    expect(controller.signal.reason).toMatchObject({ name: 'AbortError' });
  });

  it('aborts at its deadline with the timeout reason, once', async () => {
    vi.useFakeTimers();
    const timeoutReason = vi.fn(() => new Error('too slow'));
    const controller = createLazyAbortController({ timeoutMs: 50, timeoutReason });
    const raced = controller.race(new Promise(() => undefined));
    const rejected = expect(raced).rejects.toThrow('too slow');
    vi.advanceTimersByTime(49);
    expect(controller.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    await rejected;

    expect(controller.signal.reason).toEqual(new Error('too slow'));
    controller.abort(new Error('later'));
    expect(controller.signal.reason).toEqual(new Error('too slow'));
    expect(timeoutReason).toHaveBeenCalledTimes(1);
  });

  it('once disposed, neither its deadline nor an abort reaches the signal', () => {
    vi.useFakeTimers();
    const controller = createLazyAbortController({ timeoutMs: 50, timeoutReason: () => 'late' });
    controller.dispose();
    vi.advanceTimersByTime(100);
    controller.abort('after the work');

    expect(vi.getTimerCount()).toBe(0);
    expect(controller.aborted).toBe(false);
    expect(controller.signal.aborted).toBe(false);
  });
});
