import { readFileSync } from 'node:fs';

/**
 * Whether a process with this id runs: it exists (even as another user's, which signal 0 answers with EPERM) and,
 * on Linux, is no zombie (one whose parent died is not always reaped at once in a container).
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
