import { join } from 'node:path';
import {
  configDefaults,
  defineConfig,
  defineProject,
  type TestProjectInlineConfiguration,
} from 'vitest/config';

/** Tests that need programs the workspace does not install (a browser, a terminal multiplexer). */
const systemTests = '**/*.system.test.ts';

/**
 * Tests that need a process of their own: they replace a module with `vi.mock`, or assert on the whole process
 * (its open timers, sockets and child processes, its listeners). Every other test file shares its worker's
 * modules with the files run before it.
 */
const isolatedTests = '**/*.isolated.test.ts';

const testFiles = ['src/**/*.test.ts', 'test/**/*.test.ts'];

const buildWhenStale = join(import.meta.dirname, 'vitest.build-when-stale.ts');
const buildDependenciesWhenStale = join(import.meta.dirname, 'vitest.build-dependencies-when-stale.ts');

interface ToolloopProjectOptions {
  /** The project's name in vitest's output; the isolated files run as `<name> (isolated)`. */
  name: string;
  /**
   * Milliseconds a test (and a hook) may take; 60 s unless given. Generous on purpose: a test that waits for a
   * process or a server must pass on a loaded machine (a user's CI runner often is), and a test that checks a
   * time says so in its own expectation.
   */
  testTimeout?: number;
  /** Files run once before the project's tests (vitest's `globalSetup`). */
  globalSetup?: string[];
  /**
   * The tests spawn built scripts of the workspace (`dist/`): before them, the workspace packages those come from
   * are built wherever `dist/` is older than the sources (see `vitest.build-when-stale.ts`). `'itself'`: the
   * package's own scripts, so the package and what it depends on (turbo builds the package before its tests too);
   * `'dependencies'`: only the packages it depends on.
   */
  spawnsBuilt?: 'itself' | 'dependencies';
}

/** What every project of the workspace shares: packages are imported from their TypeScript sources. */
function sourceProject(
  { name, testTimeout = 60_000, globalSetup = [], spawnsBuilt }: ToolloopProjectOptions,
  test: NonNullable<TestProjectInlineConfiguration['test']>,
): TestProjectInlineConfiguration {
  const setup =
    spawnsBuilt === undefined
      ? globalSetup
      : [spawnsBuilt === 'itself' ? buildWhenStale : buildDependenciesWhenStale, ...globalSetup];
  return {
    resolve: { conditions: ['@toolloop/source'] },
    ssr: { resolve: { conditions: ['@toolloop/source'] } },
    test: {
      name,
      testTimeout,
      hookTimeout: testTimeout,
      restoreMocks: true,
      ...(setup.length > 0 ? { globalSetup: setup } : {}),
      ...test,
    },
  };
}

/**
 * The test projects of one package, as `pnpm test` runs them. Tests import workspace packages from their
 * TypeScript sources (the `@toolloop/source` export condition), so they need no build of their own.
 *
 * Most test files run without isolation (`isolate: false`): a worker imports the SDKs, zod and the packages once
 * and runs file after file with them, instead of importing everything again in a new process for each file,
 * which was most of the time the tests took. A file that needs a process of its own ends in `.isolated.test.ts`
 * and runs in the second project, one process per file, as vitest does by default. The `*.system.test.ts` files
 * need programs the workspace does not install and run only with `pnpm test:system` (see
 * {@link defineToolloopSystemProject}).
 */
export function toolloopProjects(options: ToolloopProjectOptions): TestProjectInlineConfiguration[] {
  return [
    sourceProject(options, {
      include: testFiles,
      exclude: [...configDefaults.exclude, systemTests, isolatedTests],
      isolate: false,
    }),
    sourceProject(
      { ...options, name: `${options.name} (isolated)` },
      { include: testFiles.map((pattern) => pattern.replace('*.test.ts', '*.isolated.test.ts')) },
    ),
  ];
}

/** A package's `vitest.config.ts`: its {@link toolloopProjects}. */
export function defineToolloopTests(options: ToolloopProjectOptions) {
  return defineConfig({ test: { projects: toolloopProjects(options) } });
}

/**
 * A package's `vitest.system.config.ts`: only its `*.system.test.ts` files (`pnpm test:system`), each in a
 * process of its own.
 */
export function defineToolloopSystemProject(options: Omit<ToolloopProjectOptions, 'globalSetup'>) {
  return defineProject(
    sourceProject(options, {
      include: ['src/**/*.system.test.ts', 'test/**/*.system.test.ts'],
      exclude: configDefaults.exclude,
    }),
  );
}
