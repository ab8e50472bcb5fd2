import { defineProject } from 'vitest/config';

/**
 * The settings every package's vitest project shares: tests import workspace packages from their TypeScript
 * sources (the `@toolloop/source` export condition), so `pnpm test` needs no build first.
 */
export function defineToolloopProject(options: { name: string; testTimeout?: number }) {
  return defineProject({
    resolve: { conditions: ['@toolloop/source'] },
    ssr: { resolve: { conditions: ['@toolloop/source'] } },
    test: {
      name: options.name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: options.testTimeout ?? 10_000,
      restoreMocks: true,
    },
  });
}
