import { configDefaults, defineProject } from 'vitest/config';

/** Tests that need programs the workspace does not install (a browser, a terminal multiplexer). */
const systemTests = '**/*.system.test.ts';

/**
 * The settings every package's vitest project shares: tests import workspace packages from their TypeScript
 * sources (the `@toolloop/source` export condition), so `pnpm test` needs no build first.
 *
 * `pnpm test` runs every test except the `*.system.test.ts` files, so it needs only Node and the packages
 * `pnpm install` brings. With `system`, the project runs only those files: `pnpm test:system`, through a
 * package's `vitest.system.config.ts`.
 */
export function defineToolloopProject(options: { name: string; testTimeout?: number; system?: boolean }) {
  const { name, testTimeout = 10_000, system = false } = options;
  return defineProject({
    resolve: { conditions: ['@toolloop/source'] },
    ssr: { resolve: { conditions: ['@toolloop/source'] } },
    test: {
      name,
      include: system
        ? ['src/**/*.system.test.ts', 'test/**/*.system.test.ts']
        : ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: system ? configDefaults.exclude : [...configDefaults.exclude, systemTests],
      testTimeout,
      restoreMocks: true,
    },
  });
}
