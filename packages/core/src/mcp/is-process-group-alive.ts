import { readdir } from 'node:fs/promises';
import { readProcessStat } from '../internal/read-process-stat.js';

/**
 * Whether any process of a process group is still running (POSIX). Signal 0 answers for zombies too, which
 * an init that does not reap orphans (Node or a shell as PID 1 in a container) keeps forever; on Linux, /proc
 * tells them apart, so a group whose members have all ended counts as gone.
 */
export async function isProcessGroupAlive(processGroupId: number): Promise<boolean> {
  try {
    process.kill(-processGroupId, 0);
  } catch (error) {
    // EPERM: a member runs as another user; it exists all the same.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return process.platform !== 'linux' || (await hasRunningMember(processGroupId));
}

async function hasRunningMember(processGroupId: number): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return true;
  }
  const states = await Promise.all(
    entries.filter((entry) => /^\d+$/.test(entry)).map((entry) => readStat(entry)),
  );
  return states.some(
    (stat) =>
      stat !== undefined && stat.processGroupId === processGroupId && !['Z', 'X'].includes(stat.state),
  );
}

/** The state and process group of a process, from `/proc/<pid>/stat`; undefined once it is gone. */
async function readStat(processId: string): Promise<{ state: string; processGroupId: number } | undefined> {
  const fields = await readProcessStat(Number(processId));
  if (fields === undefined) return undefined;
  const [state = '', , processGroupId] = fields;
  return { state, processGroupId: Number(processGroupId) };
}
