import { describe, expect, it } from 'vitest';
import { timersLeftBy } from './timers-left.js';

describe('timersLeftBy', () => {
  it('counts the timers the work set and left pending', async () => {
    const { left } = await timersLeftBy(() => {
      setTimeout(() => undefined, 60_000);
      setTimeout(() => undefined, 60_000);
      return Promise.resolve();
    });

    expect(left).toBe(2);
  });

  it('counts an interval left running, and not one cleared with either function', async () => {
    const { left } = await timersLeftBy(() => {
      setInterval(() => undefined, 60_000);
      clearInterval(setInterval(() => undefined, 60_000));
      clearTimeout(setInterval(() => undefined, 60_000));
      clearInterval(setTimeout(() => undefined, 60_000));
      return Promise.resolve();
    });

    expect(left).toBe(1);
  });

  it('does not count timers that fired or were cleared', async () => {
    const { left } = await timersLeftBy(async () => {
      clearTimeout(setTimeout(() => undefined, 60_000));
      await new Promise<void>((resolve) => {
        setTimeout(resolve, 1);
      });
    });

    expect(left).toBe(0);
  });

  it('does not count the timers set before it, pending or firing while the work runs', async () => {
    const pendingBefore = setTimeout(() => undefined, 60_000);
    let fire!: () => void;
    const firedBefore = new Promise<void>((resolve) => {
      fire = resolve;
    });
    setTimeout(() => {
      fire();
    }, 1);
    const { left } = await timersLeftBy(() => firedBefore);
    clearTimeout(pendingBefore);

    expect(left).toBe(0);
  });
});
