/** How many `notifications/tools/list_changed` the client got from each server, and a wait for the next. */
export interface ToolsChangedWatch {
  /** Pass to `connectMcpServers` as `onToolsChanged`. */
  onToolsChanged: (server: string) => void;
  /** How many the client got from `server` so far. */
  count: (server: string) => number;
  /**
   * Resolves once the client has got more than `after` from `server`; rejects after `timeoutMs`, naming the
   * server and `why` it changed. Leaves no timer behind.
   */
  waitFor: (options: { server: string; after: number; timeoutMs: number; why: string }) => Promise<void>;
}

/** Starts counting the tool list changes the client is told of, by server. */
export function createToolsChangedWatch(): ToolsChangedWatch {
  const counts = new Map<string, number>();
  const waiters = new Set<{ server: string; after: number; resolve: () => void }>();
  const count = (server: string) => counts.get(server) ?? 0;
  return {
    onToolsChanged: (server) => {
      counts.set(server, count(server) + 1);
      for (const waiter of waiters) {
        if (waiter.server === server && count(server) > waiter.after) waiter.resolve();
      }
    },
    count,
    waitFor: ({ server, after, timeoutMs, why }) => {
      if (count(server) > after) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          server,
          after,
          resolve: () => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `Mock MCP server '${server}' changed its tools ${why}, but the client was not told (notifications/tools/list_changed) within ${timeoutMs} ms.`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}
