import { isAbsolute, relative } from 'node:path';

/** A file as reports show it: relative to the run's directory when it lies inside, else absolute. */
export function toDisplayPath({ file, cwd }: { file: string; cwd: string }): string {
  const fromCwd = relative(cwd, file);
  return fromCwd === '' || fromCwd.startsWith('..') || isAbsolute(fromCwd) ? file : fromCwd;
}
