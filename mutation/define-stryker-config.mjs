// @ts-check

/**
 * The settings both mutation configurations share: Stryker mutates core's loop (not its tests) in place and
 * runs vitest on the result.
 *
 * - `inPlace`: pnpm keeps each package's dependencies in that package's own `node_modules`, which Stryker's
 *   sandbox does not copy; so the mutants are written into the worktree and the originals put back when the
 *   run ends (`mutation/run-mutation.mjs` refuses to start while a file still holds a mutant).
 * - The vitest runner is named by path: with a list of plugins Stryker does not search `node_modules` itself.
 * - `disableTypeChecks: false`: by default Stryker writes `// @ts-nocheck` into every source file of the project,
 *   in place here; vitest does not type-check, so only the mutated files of the loop are touched.
 * - `perTest` coverage: each mutant runs only the tests that reach it.
 * - A mutant that makes the loop hang or crawl must end as a timeout, never as a test failure that comes and
 *   goes: a limit well above the tests' own time, and no more than two workers on a two-core machine.
 *
 * - vitest's root stays the repository (Stryker's working directory), so `vitest.dir` names the package whose
 *   `include` patterns find the tests.
 *
 * - `mutate`: the loop (packages/core/src/loop) and, unless `loopOnly`, the checks of its options
 *   (packages/core/src/options), which were loop files until the options were defined once for every form.
 * - `exclude`: loop files this configuration's tests cannot reach by design.
 *
 * @param {{ name: string; vitestConfig: string; vitestDir: string; timeoutMS: number; exclude?: string[]; loopOnly?: boolean }} options
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function defineStrykerConfig({
  name,
  vitestConfig,
  vitestDir,
  timeoutMS,
  exclude = [],
  loopOnly = false,
}) {
  return {
    plugins: [import.meta.resolve('@stryker-mutator/vitest-runner')],
    testRunner: 'vitest',
    vitest: { configFile: vitestConfig, dir: vitestDir, related: false },
    packageManager: 'pnpm',
    inPlace: true,
    disableTypeChecks: false,
    mutate: [
      'packages/core/src/loop/**/*.ts',
      '!packages/core/src/loop/**/*.test.ts',
      ...(loopOnly ? [] : ['packages/core/src/options/**/*.ts', '!packages/core/src/options/**/*.test.ts']),
      ...exclude.map((file) => `!packages/core/src/loop/${file}`),
    ],
    coverageAnalysis: 'perTest',
    concurrency: 2,
    timeoutMS,
    timeoutFactor: 2,
    dryRunTimeoutMinutes: 15,
    incremental: true,
    incrementalFile: `mutation/${name}.incremental.json`,
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    clearTextReporter: { reportScoreTable: true, reportMutants: false, logTests: false },
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
  };
}
