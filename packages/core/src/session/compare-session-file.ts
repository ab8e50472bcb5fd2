import type { FileHandle } from 'node:fs/promises';

/**
 * What a file store last read or wrote of a session file: which file it is (its inode: a save that renames
 * a new file over it makes another), where its complete lines end, how many messages they hold (`undefined`
 * for a file of the earlier format, which is rewritten rather than appended to), and the session's version.
 */
export interface KnownSessionFile {
  inode: number;
  /**
   * When the file last changed (its ctime, in nanoseconds): a file written anew may be given the inode number
   * of the one it replaced, and be as long.
   */
  changedAt: bigint;
  bytes: number;
  messages: number | undefined;
  version: number;
  /** The host whose save wrote the last line. */
  savedBy: string | undefined;
}

/**
 * How a session file stands against what a store knows of it: `unchanged`; `unfinished`, when all that was
 * added is the start of a line an append cut short by a crash (safe to cut off); or `changed`, when it is
 * another file, shorter, or holds a finished line the store did not write: another store saved the session.
 */
export async function compareSessionFile(
  handle: FileHandle,
  known: KnownSessionFile,
): Promise<'unchanged' | 'unfinished' | 'changed'> {
  const { ino, size: length, ctimeNs } = await handle.stat({ bigint: true });
  const size = Number(length);
  if (Number(ino) !== known.inode || size < known.bytes) return 'changed';
  if (size === known.bytes) return ctimeNs === known.changedAt ? 'unchanged' : 'changed';
  // Every finished line ends with a newline; a line a crash cut short has none. Read in pieces: a line
  // another store appended can be as long as a whole turn.
  const piece = Buffer.alloc(Math.min(size - known.bytes, 64 * 1024));
  for (let position = known.bytes; position < size;) {
    const { bytesRead } = await handle.read(piece, 0, Math.min(piece.length, size - position), position);
    if (bytesRead === 0) break;
    if (piece.subarray(0, bytesRead).includes(0x0a)) return 'changed';
    position += bytesRead;
  }
  return 'unfinished';
}
