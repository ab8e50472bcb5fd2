import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The packages of `names` that Node.js would not find from `directory`: no `node_modules/<name>/package.json`
 * in it or in any directory above it.
 */
export async function findMissingPackages({
  names,
  directory,
}: {
  names: readonly string[];
  directory: string;
}): Promise<string[]> {
  const found = await Promise.all(names.map((name) => isInstalled({ name, directory })));
  return names.filter((_, index) => !found[index]);
}

async function isInstalled({ name, directory }: { name: string; directory: string }): Promise<boolean> {
  for (let current = directory; ; current = dirname(current)) {
    const isFile = await stat(join(current, 'node_modules', name, 'package.json')).then(
      (stats) => stats.isFile(),
      () => false,
    );
    if (isFile) return true;
    if (dirname(current) === current) return false;
  }
}
