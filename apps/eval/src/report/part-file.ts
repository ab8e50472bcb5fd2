import { rmSync } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where a stored text is in its part file. */
export interface PartRange {
  offset: number;
  length: number;
}

/** Texts kept on disk until they are read back: what lets a report of any size hold one scenario in memory. */
export interface PartFile {
  /** Stores `text` and says where it is. Appends may overlap: each reserves its range before it writes. */
  append(text: string): Promise<PartRange>;
  read(range: PartRange): Promise<string>;
  /** Closes and deletes the file; appends and reads after it throw. Safe to call more than once. */
  close(): Promise<void>;
}

/**
 * A temporary file (under the system's temp directory) opened on the first append. Nothing is left behind
 * once `close` has resolved, nor when the process exits first.
 */
export function createPartFile({ label }: { label: string }): PartFile {
  let opened: Promise<{ directory: string; handle: FileHandle }> | undefined;
  let size = 0;
  let closed = false;
  let removeOnExit: (() => void) | undefined;
  const handle = () => {
    if (closed) throw new Error(`The ${label} part file is closed.`);
    opened ??= (async () => {
      const directory = await mkdtemp(path.join(tmpdir(), 'toolloop-eval-parts-'));
      try {
        const file = await open(path.join(directory, `${label}.parts`), 'w+');
        removeOnExit = () => {
          rmSync(directory, { recursive: true, force: true });
        };
        // A process that exits before the run ends (the command line on Ctrl-C) still removes the file.
        process.once('exit', removeOnExit);
        return { directory, handle: file };
      } catch (error) {
        await rm(directory, { recursive: true, force: true });
        throw error;
      }
    })();
    return opened;
  };
  return {
    async append(text) {
      const bytes = Buffer.from(text, 'utf8');
      const range = { offset: size, length: bytes.length };
      size += bytes.length;
      const file = await handle();
      await file.handle.write(bytes, 0, bytes.length, range.offset);
      return range;
    },
    async read({ offset, length }) {
      const file = await handle();
      const bytes = Buffer.alloc(length);
      for (let filled = 0; filled < length;) {
        const { bytesRead } = await file.handle.read(bytes, filled, length - filled, offset + filled);
        if (bytesRead === 0) throw new Error(`The ${label} part file ends before byte ${offset + length}.`);
        filled += bytesRead;
      }
      return bytes.toString('utf8');
    },
    async close() {
      closed = true;
      const file = await opened?.catch(() => undefined);
      opened = undefined;
      if (file === undefined) return;
      await file.handle.close();
      await rm(file.directory, { recursive: true, force: true });
      if (removeOnExit !== undefined) process.off('exit', removeOnExit);
    },
  };
}
