import type { ProgramOutput } from './create-program.js';

/** A stream the command line writes to: `process.stdout` and `process.stderr` fit. */
export interface OutputStream {
  write(text: string): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  readonly destroyed: boolean;
  isTTY?: boolean;
  columns?: number;
}

/**
 * The command line's output on real streams (the bin passes `process.stdout` and `process.stderr`). A stream
 * whose reader has gone (`EPIPE`, as in `toolloop-eval schema | head -1`) takes no more writes and raises
 * nothing: the command ends quietly with its own exit code. Other stream errors are thrown as before.
 */
export function createStreamOutput({
  stdout,
  stderr,
}: {
  stdout: OutputStream;
  stderr: OutputStream;
}): ProgramOutput {
  return {
    stdout: toWriter(stdout),
    stderr: toWriter(stderr),
    get isTTY() {
      return stdout.isTTY === true;
    },
    get columns() {
      return stdout.columns;
    },
  };
}

function toWriter(stream: OutputStream): (text: string) => void {
  let readerGone = false;
  stream.on('error', (error) => {
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
    readerGone = true;
  });
  return (text) => {
    if (!readerGone && !stream.destroyed) stream.write(text);
  };
}
