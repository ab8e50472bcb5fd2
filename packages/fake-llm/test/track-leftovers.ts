import { AsyncLocalStorage, createHook } from 'node:async_hooks';

/** The resources that keep a process alive, by their async_hooks type. */
const keepAlive = new Set(['Timeout', 'TCPWRAP', 'TCPSERVERWRAP', 'PIPEWRAP', 'PROCESSWRAP', 'UDPWRAP']);

/**
 * Watches what the code a test runs through `run` starts: `leftovers()` lists the types of what it started that
 * still keeps the process alive. The test runner's own timers (its messages to the main process, slow on a busy
 * machine) are not counted. The fake LLM shares no code with the packages it stands in for, so this is its own.
 */
export function trackLeftovers(): {
  run: <RESULT>(work: () => Promise<RESULT>) => Promise<RESULT>;
  leftovers: () => Promise<string[]>;
  close: () => void;
} {
  const inside = new AsyncLocalStorage<true>();
  const alive = new Map<number, { type: string; resource: { hasRef?: () => boolean } }>();
  const hook = createHook({
    init(asyncId, type, _triggerAsyncId, resource: { hasRef?: () => boolean }) {
      if (keepAlive.has(type) && inside.getStore() === true) alive.set(asyncId, { type, resource });
    },
    destroy(asyncId) {
      alive.delete(asyncId);
    },
  }).enable();
  return {
    run: (work) => inside.run(true, work),
    async leftovers() {
      // libuv frees closed handles in the close phase, after the check phase where setImmediate runs.
      for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
      return [...alive.values()]
        .filter(({ resource }) => resource.hasRef?.() !== false)
        .map(({ type }) => type)
        .sort();
    },
    close: () => {
      hook.disable();
    },
  };
}
