import { constants } from 'node:os';

/**
 * Ends this process at once, as `signal` ends a program that does not catch it: the `exit` listeners run first
 * (they remove temporary report parts), then the signal is raised again with its default action, so the parent
 * sees the signal and a shell the code 128 + its number. `process.exit` would not do: it waits for every thread
 * of Node.js's pool, and one blocked in a read that never ends (a FIFO no one writes, a hung network file system)
 * never returns, so a CI job could not be cancelled.
 */
export function endWithSignal(signal: 'SIGINT' | 'SIGTERM'): void {
  const code = 128 + constants.signals[signal];
  process.exitCode = code;
  process.emit('exit', code);
  // With no listener left, the signal has its default action again: ending the process.
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
}
