import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global setups for the packages whose tests spawn built scripts (`dist/bin/…`, worker processes): before
 * the tests, and again before each rerun in watch mode, they build the workspace packages those scripts come
 * from, in dependency order, wherever `dist/` is missing or older than the sources. `pnpm test` builds them first
 * anyway (turbo's `build` dependency), so there they find nothing to do; a test file run alone
 * (`pnpm exec vitest run <file>`, an editor) would otherwise spawn a stale build and pass or fail on code that is
 * no longer there. A build that fails removes the package's `dist/`, so that no later run takes what it half
 * wrote for a fresh build.
 *
 * The default export builds the package itself and the workspace packages it depends on (its tests spawn its
 * own scripts; turbo builds the package before them too); {@link buildDependenciesWhenStale} only the packages
 * it depends on, for tests that spawn only theirs (turbo builds those alone first, and may be building the
 * package itself at the same time for another task).
 */
export default function buildWhenStale(project: TestProject): void {
  buildStaleOnEveryRun(project, { itself: true });
}

export function buildDependenciesWhenStale(project: TestProject): void {
  buildStaleOnEveryRun(project, { itself: false });
}

function buildStaleOnEveryRun(project: TestProject, options: { itself: boolean }): void {
  buildStalePackages(project.config.root, options);
  project.onTestsRerun(() => {
    buildStalePackages(project.config.root, options);
  });
}

function buildStalePackages(root: string, { itself }: { itself: boolean }): void {
  const packages = workspacePackages(import.meta.dirname);
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const order = dependencyOrder(root, packages);
  const own = packages.get(readManifest(root).name) ?? root;
  for (const directory of itself ? order : order.filter((built) => built !== own)) {
    if (!isStale(directory)) continue;
    try {
      execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
        cwd: directory,
        stdio: 'inherit',
      });
    } catch (error) {
      rmSync(join(directory, 'dist'), { recursive: true, force: true });
      throw new Error(
        `Building ${readManifest(directory).name} (${directory}) before its tests failed; the compiler's errors are above. Its dist/ was removed.`,
        { cause: error },
      );
    }
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
    // A package outside packages/ and apps/ (the benchmarks) is built only when it is the one under test.
    const built =
      packages.get(manifest.name) ??
      (directory === root && existsSync(join(directory, 'tsconfig.build.json')) ? directory : undefined);
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
