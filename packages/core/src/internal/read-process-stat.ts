import { readFile } from 'node:fs/promises';

/**
 * The fields of `/proc/<pid>/stat` (Linux) after the command: the state first (the third field), the start
 * time at index 19 (the 22nd field). `undefined` when there is no such process, or no `/proc`.
 */
export async function readProcessStat(processId: number | 'self'): Promise<string[] | undefined> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${processId}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (command) state ppid pgrp ...": the command may hold spaces and parentheses; split after the last ).
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
