import { configDefaults, defineProject } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Test files that take seconds, not milliseconds: the random scripts of the property test, real timers. */
const slowTests = [/property\.test\.ts$/, /timeout\.test\.ts$/];

/**
 * Runs the quick test files of a mutant first and the slow ones last (vitest's own order puts the slowest
 * first), so that a mutant a quick test kills is found out in milliseconds.
 */
class QuickFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const slowness = (file: TestSpecification) =>
      slowTests.findIndex((pattern) => pattern.test(file.moduleId));
    return Promise.resolve(
      [...files].sort(
        (left, right) => slowness(left) - slowness(right) || left.moduleId.localeCompare(right.moduleId),
      ),
    );
  }
}

/**
 * Core's unit tests for mutation testing only (`pnpm mutation:unit`): every test of `vitest.config.ts` but those
 * that need a process of their own (`*.isolated.test.ts`: they assert on the whole process, its open timers,
 * sockets and child processes, a child process that crashes, or replace a module the others share). Stryker runs
 * the test files of a mutant one after the other in one worker, without isolating them, as `pnpm test` does; the
 * isolated ones would see each other's handles there and fail on timing alone, counting a mutant as killed by a
 * flake. None of them is the only test of a behaviour of the loop.
 */
export default defineProject({
  resolve: { conditions: ['@toolloop/source'] },
  ssr: { resolve: { conditions: ['@toolloop/source'] } },
  test: {
    name: 'core-mutation',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, '**/*.system.test.ts', '**/*.isolated.test.ts'],
    isolate: false,
    sequence: { sequencer: QuickFirstSequencer },
    testTimeout: 10_000,
    restoreMocks: true,
  },
});
