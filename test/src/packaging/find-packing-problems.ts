import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { PackageManifest, PublishablePackage } from './list-publishable-packages.js';

/** The condition that points the workspace's tests and type checks at TypeScript sources; never published. */
const sourceCondition = '@toolloop/source';
const repositoryUrl = 'git+https://github.com/toolloop/toolloop.git';

/**
 * What is wrong with a package as `pnpm pack` packed it (unpacked into `unpacked`), compared with its workspace
 * source: each problem a sentence naming the file or field. Empty when a consumer gets a complete package:
 * LICENSE and README, repository fields, published versions instead of `workspace:`, exports without the
 * workspace's source condition and pointing at shipped files, bins, and source maps whose sources are shipped.
 */
export async function findPackingProblems({
  workspaceRoot,
  source,
  unpacked,
}: {
  workspaceRoot: string;
  source: PublishablePackage;
  unpacked: string;
}): Promise<string[]> {
  const problems: string[] = [];
  const packedText = await readFile(join(unpacked, 'package.json'), 'utf8');
  const packed = JSON.parse(packedText) as PackageManifest;
  const files = await listFiles(unpacked);
  const has = (path: string) => files.has(path);

  if (!has('LICENSE')) problems.push('LICENSE is not in the tarball.');
  else if (!(await readFile(join(unpacked, 'LICENSE'), 'utf8')).startsWith('MIT License'))
    problems.push('LICENSE is not the MIT license.');
  if (!has('README.md')) problems.push('README.md is not in the tarball.');
  if (packed.license !== 'MIT') problems.push(`license is ${String(packed.license)}, not MIT.`);
  if (packed.homepage?.startsWith('https://github.com/toolloop/toolloop') !== true)
    problems.push(`homepage is ${String(packed.homepage)}.`);
  const directory = relative(workspaceRoot, source.directory);
  if (packed.repository?.url !== repositoryUrl || packed.repository.directory !== directory)
    problems.push(
      `repository is ${JSON.stringify(packed.repository)}; expected ${repositoryUrl} in ${directory}.`,
    );
  if (packed.bugs?.url === undefined) problems.push('bugs.url is missing.');

  if (packedText.includes(sourceCondition))
    problems.push(`package.json still names the workspace-only '${sourceCondition}' condition.`);
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies'] as const) {
    for (const [name, range] of Object.entries(packed[field] ?? {})) {
      if (/^(workspace|catalog):/u.test(range))
        problems.push(`${field}.${name} is '${range}', not a version.`);
    }
  }
  const expectedExports = withoutSourceCondition(source.manifest.exports);
  if (!isDeepStrictEqual(packed.exports, expectedExports))
    problems.push(
      `exports are ${JSON.stringify(packed.exports)}; expected the workspace's without '${sourceCondition}': ${JSON.stringify(expectedExports)}.`,
    );
  for (const target of listTargets(packed.exports)) {
    if (!has(toPackagePath(target))) problems.push(`exports target ${target} is not in the tarball.`);
  }
  for (const [name, target] of Object.entries(packed.bin ?? {})) {
    if (!has(toPackagePath(target))) problems.push(`bin ${name} (${target}) is not in the tarball.`);
    else if (!(await readFile(join(unpacked, target), 'utf8')).startsWith('#!/usr/bin/env node'))
      problems.push(`bin ${name} (${target}) has no #!/usr/bin/env node line.`);
  }

  for (const file of files) {
    if (/\.test\.ts$/u.test(file)) problems.push(`${file}: a test file is shipped.`);
    if (!file.endsWith('.map')) continue;
    const map = JSON.parse(await readFile(join(unpacked, file), 'utf8')) as {
      sources?: string[];
      sourceRoot?: string;
    };
    for (const mapped of map.sources ?? []) {
      const path = relative(unpacked, resolve(unpacked, dirname(file), map.sourceRoot ?? '', mapped));
      if (!has(path)) problems.push(`${file}: its source ${mapped} is not in the tarball.`);
    }
  }
  return problems;
}

function withoutSourceCondition(exports: Record<string, unknown> | undefined): unknown {
  if (exports === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(exports).map(([subpath, target]) => [
      subpath,
      typeof target === 'object' && target !== null
        ? Object.fromEntries(Object.entries(target).filter(([condition]) => condition !== sourceCondition))
        : target,
    ]),
  );
}

function listTargets(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports];
  if (typeof exports !== 'object' || exports === null) return [];
  return Object.values(exports).flatMap(listTargets);
}

function toPackagePath(target: string): string {
  return target.replace(/^\.\//u, '');
}

/** Every file under `root`, as paths relative to it with `/`. */
async function listFiles(root: string): Promise<Set<string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = new Set<string>();
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).isFile()) files.add(relative(root, path).split('\\').join('/'));
  }
  return files;
}
