import { join } from 'node:path';
import { listPublishablePackages } from '../packaging/list-publishable-packages.js';

/** One public entry of a published package: an `exports` subpath with declarations. */
export interface PublicEntry {
  /** How users import it: `@toolloop/core`, `@toolloop/core/testing`. */
  specifier: string;
  /** The package's directory. */
  packageDirectory: string;
  /** The built declarations the entry's `types` condition points at. */
  declarationFile: string;
  /** The report's file name: `core.api.md`, `core.testing.api.md`, `core.session.postgres.api.md`. */
  reportName: string;
}

/**
 * Every public entry of every published package of the workspace at `root`: each `exports` subpath with a
 * `types` condition, except `./internal` and the subpaths under it (shared between toolloop packages, with no
 * compatibility promise).
 */
export async function listPublicEntries(root: string): Promise<PublicEntry[]> {
  const entries: PublicEntry[] = [];
  for (const { name, directory, manifest } of await listPublishablePackages(root)) {
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (isInternal(subpath) || typeof target !== 'object' || target === null) continue;
      const types = (target as Record<string, unknown>).types;
      if (typeof types !== 'string') continue;
      const entryName = subpath === '.' ? '' : subpath.slice(2);
      entries.push({
        specifier: entryName === '' ? name : `${name}/${entryName}`,
        packageDirectory: directory,
        declarationFile: join(directory, types),
        reportName: [name.replace(/^@toolloop\//u, ''), entryName.replaceAll('/', '.'), 'api.md']
          .filter(Boolean)
          .join('.'),
      });
    }
  }
  return entries.sort((a, b) => a.reportName.localeCompare(b.reportName));
}

function isInternal(subpath: string): boolean {
  return subpath === './internal' || subpath.startsWith('./internal/');
}
