import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global setup for the packages whose tests spawn built scripts (`dist/bin/…`, worker processes): before
 * the tests, it builds the package and the workspace packages it depends on, in dependency order, wherever
 * `dist/` is missing or older than the sources. `pnpm test` builds them first anyway (turbo's `build`
 * dependency), so there it finds nothing to do; a test file run alone (`pnpm exec vitest run <file>`, an editor)
 * would otherwise spawn a stale build and pass or fail on code that is no longer there.
 */
export default function buildWhenStale(project: TestProject): void {
  const packages = workspacePackages(import.meta.dirname);
  for (const directory of dependencyOrder(project.config.root, packages)) {
    if (!isStale(directory)) continue;
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: directory, stdio: 'inherit' });
  }
}

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readManifest(directory: string): Manifest {
  return JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as Manifest;
}

/** The workspace's buildable packages (those with a `tsconfig.build.json`), by name. */
function workspacePackages(workspace: string): Map<string, string> {
  const packages = new Map<string, string>();
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(workspace, group), { withFileTypes: true })) {
      const directory = join(workspace, group, entry.name);
      if (!entry.isDirectory() || !existsSync(join(directory, 'tsconfig.build.json'))) continue;
      packages.set(readManifest(directory).name, directory);
    }
  }
  return packages;
}

/**
 * The buildable packages a package depends on through the workspace, transitively, each after those it imports;
 * then the package itself, if it is buildable.
 */
function dependencyOrder(root: string, packages: Map<string, string>): string[] {
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (directory: string) => {
    const manifest = readManifest(directory);
    if (seen.has(manifest.name)) return;
    seen.add(manifest.name);
    const dependencies = { ...manifest.dependencies, ...manifest.devDependencies };
    for (const [dependency, version] of Object.entries(dependencies)) {
      const dependencyDirectory = packages.get(dependency);
      if (version.startsWith('workspace:') && dependencyDirectory !== undefined) visit(dependencyDirectory);
    }
    const built = packages.get(manifest.name);
    if (built !== undefined) ordered.push(built);
  };
  visit(root);
  return ordered;
}

/** Whether a package's `dist/` is missing or older than a source file it is built from. */
function isStale(directory: string): boolean {
  const built = newestModification(join(directory, 'dist'), () => true);
  if (built === undefined) return true;
  const sources = newestModification(join(directory, 'src'), (file) => !file.endsWith('.test.ts'));
  const configuration = statSync(join(directory, 'tsconfig.build.json')).mtimeMs;
  return Math.max(sources ?? 0, configuration) > built;
}

function newestModification(directory: string, counts: (file: string) => boolean): number | undefined {
  if (!existsSync(directory)) return undefined;
  let newest: number | undefined;
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !counts(entry.name)) continue;
    const modified = statSync(join(entry.parentPath, entry.name)).mtimeMs;
    if (newest === undefined || modified > newest) newest = modified;
  }
  return newest;
}
