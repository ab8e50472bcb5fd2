import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Whether `file` is under one of `directories`, links followed: a link inside a directory that points out of
 * it is outside. A path that does not exist is compared as written.
 */
export async function isWithin({
  file,
  directories,
}: {
  file: string;
  directories: readonly string[];
}): Promise<boolean> {
  const real = (path: string) => realpath(path).catch(() => resolve(path));
  const target = await real(file);
  const roots = await Promise.all(directories.map(real));
  return roots.some((root) => {
    const path = relative(root, target);
    return path !== '' && path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
  });
}
