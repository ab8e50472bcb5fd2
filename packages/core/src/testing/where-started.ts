import { basename, dirname, extname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The leftover tracker's own modules (built or not): never where something was started. */
const ownDirectory = dirname(fileURLToPath(import.meta.url));
const ownModules = new Set(['create-leftover-tracker', 'watch-process-listeners', 'where-started']);

function isOwnFile(file: string): boolean {
  return dirname(file) === ownDirectory && ownModules.has(basename(file, extname(file)));
}

/**
 * Where `stack` was taken, in the user's own code if a frame is there (not in node_modules), else in the first
 * file of a package; relative to `cwd` when under it.
 */
export function whereStarted({ stack, cwd }: { stack: string; cwd: string }): string | undefined {
  const frames = stack.split('\n').flatMap((line) => {
    const location = /(?:\(|at )((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?$/.exec(line.trim());
    if (location === null) return [];
    const [, path = '', row = '', column = ''] = location;
    const file = path.startsWith('file://') ? fileURLToPath(path) : path;
    return isOwnFile(file) ? [] : [{ file, at: `${row}:${column}` }];
  });
  const frame = frames.find(({ file }) => !file.includes('/node_modules/')) ?? frames[0];
  if (frame === undefined) return undefined;
  return `${frame.file.startsWith(`${cwd}/`) ? frame.file.slice(cwd.length + 1) : frame.file}:${frame.at}`;
}

/** A stack taken and not yet written out: V8 writes `stack` the first time it is read. */
export interface CapturedStack {
  readonly stack?: string;
}

/**
 * The stack here, deep enough to reach past node's own frames and the hooks' to the code that started it. Only
 * its frames are taken now; the text is written when `stack` is first read, which for most resources (closed
 * before anyone asks where they started) is never: writing it out cost more than all else the tracker does.
 */
export function captureStack(): CapturedStack {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  try {
    const captured: { stack?: string } = {};
    Error.captureStackTrace(captured);
    return captured;
  } finally {
    Error.stackTraceLimit = limit;
  }
}
