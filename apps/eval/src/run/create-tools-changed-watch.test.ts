import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToolsChangedWatch } from './create-tools-changed-watch.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Waits for a change of the catalog server after `after` (10 s at most), as the runner does at turn 2. */
function waitForCatalog(watch: ReturnType<typeof createToolsChangedWatch>, after = 0): Promise<void> {
  return watch.waitFor({ server: 'catalog', after, timeoutMs: 10_000, why: 'as turn 2 started' });
}

describe('createToolsChangedWatch', () => {
  it('resolves once the client is told of a change of that server after the count given', async () => {
    const watch = createToolsChangedWatch();
    watch.onToolsChanged('catalog');
    const waiting = waitForCatalog(watch, 1);
    watch.onToolsChanged('other');
    watch.onToolsChanged('catalog');

    await expect(waiting).resolves.toBeUndefined();
    expect(watch.count('catalog')).toBe(2);
  });

  it('rejects after the timeout, naming the server and why it changed, and leaves no timer', async () => {
    vi.useFakeTimers();
    const watch = createToolsChangedWatch();
    const waiting = waitForCatalog(watch);
    const failed = expect(waiting).rejects.toThrow(
      "Mock MCP server 'catalog' changed its tools as turn 2 started, but the client was not told (notifications/tools/list_changed) within 10000 ms.",
    );

    await vi.advanceTimersByTimeAsync(10_000);

    await failed;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timer when the change arrives in time', async () => {
    vi.useFakeTimers();
    const watch = createToolsChangedWatch();
    const waiting = waitForCatalog(watch);

    watch.onToolsChanged('catalog');

    await expect(waiting).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
