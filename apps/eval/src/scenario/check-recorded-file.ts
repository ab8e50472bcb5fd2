import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';

/** The largest recorded file replayed or read: far above any real stream, far below what exhausts memory. */
export const maxRecordedFileBytes = 16 * 1024 * 1024;

/** Why a recorded file may not be read. */
export type RecordedFileProblem =
  | { type: 'missing' }
  /** Symbolic links followed, the file lies outside every allowed directory. */
  | { type: 'outside'; real: string }
  /** A directory, a FIFO, a device: reading one could block for ever or never end. */
  | { type: 'not-a-file' }
  | { type: 'too-big'; size: number };

/**
 * Checks, without opening it, that a recorded file (an `llm` step's `replay`, a part of a recording) may be read:
 * it exists, is a regular file of at most 16 MiB, and lies (symbolic links followed) under one of `roots`, so
 * that nothing makes the runner read `/etc/passwd`, `/dev/zero` or a FIFO that never ends. `roots` are real
 * paths (`realpath`).
 */
export async function checkRecordedFile({
  target,
  roots,
}: {
  target: string;
  roots: readonly string[];
}): Promise<RecordedFileProblem | undefined> {
  let real: string;
  let stats: Stats;
  try {
    real = await realpath(target);
    stats = await stat(real);
  } catch {
    return { type: 'missing' };
  }
  if (!roots.some((root) => isInside({ root, path: real }))) return { type: 'outside', real };
  if (!stats.isFile()) return { type: 'not-a-file' };
  if (stats.size > maxRecordedFileBytes) return { type: 'too-big', size: stats.size };
  return undefined;
}

function isInside({ root, path }: { root: string; path: string }): boolean {
  const fromRoot = relative(root, path);
  return fromRoot !== '' && !fromRoot.startsWith('..') && !isAbsolute(fromRoot);
}
