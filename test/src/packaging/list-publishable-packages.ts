import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A workspace package that is published: its name, its directory and its package.json as written. */
export interface PublishablePackage {
  name: string;
  directory: string;
  manifest: PackageManifest;
}

/** The package.json fields the packaging checks read. */
export interface PackageManifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  homepage?: string;
  repository?: { type?: string; url?: string; directory?: string };
  bugs?: { url?: string };
  bin?: Record<string, string>;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Every package under `packages/` and `apps/` of the workspace at `root` that is not private. */
export async function listPublishablePackages(root: string): Promise<PublishablePackage[]> {
  const found: PublishablePackage[] = [];
  for (const parent of ['packages', 'apps']) {
    for (const entry of await readdir(join(root, parent), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const directory = join(root, parent, entry.name);
      const text = await readFile(join(directory, 'package.json'), 'utf8').catch(() => undefined);
      if (text === undefined) continue;
      const manifest = JSON.parse(text) as PackageManifest;
      if (manifest.private !== true) found.push({ name: manifest.name, directory, manifest });
    }
  }
  return found;
}
