import { describe, expect, it, vi } from 'vitest';
import { createAbortRace } from './create-abort-race.js';

describe('createAbortRace', () => {
  it('settles each race with its promise while the signal is not aborted', async () => {
    const controller = new AbortController();
    const abort = createAbortRace(controller.signal);

    await expect(abort.race(Promise.resolve(1))).resolves.toBe(1);
    await expect(abort.race(Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    await expect(abort.race(Promise.resolve(2))).resolves.toBe(2);
    abort.dispose();
  });

  it('rejects the race under way with the reason when the signal aborts, and every later one at once', async () => {
    const controller = new AbortController();
    const abort = createAbortRace(controller.signal);
    await abort.race(Promise.resolve('first read'));
    const pending = abort.race(new Promise(() => undefined));
    const reason = new Error('stop');
    controller.abort(reason);

    await expect(pending).rejects.toBe(reason);
    await expect(abort.race(Promise.reject(new Error('unhandled?')))).rejects.toBe(reason);
    abort.dispose();
  });

  it('rejects at once on a signal aborted before it was made', async () => {
    const abort = createAbortRace(AbortSignal.abort('early'));

    await expect(abort.race(Promise.resolve('late'))).rejects.toBe('early');
    abort.dispose();
  });

  it('listens once per race object, and leaves no listener once disposed', () => {
    const controller = new AbortController();
    const added = vi.spyOn(controller.signal, 'addEventListener');
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    const abort = createAbortRace(controller.signal);
    void abort.race(Promise.resolve(1));
    void abort.race(Promise.resolve(2));
    abort.dispose();

    expect(added).toHaveBeenCalledTimes(1);
    expect(removed).toHaveBeenCalledTimes(1);
    expect(removed.mock.calls[0]?.[1]).toBe(added.mock.calls[0]?.[1]);
  });
});
