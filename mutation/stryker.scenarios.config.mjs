// @ts-check
import { defineStrykerConfig } from './define-stryker-config.mjs';

/**
 * `pnpm mutation:scenarios`: the loop's mutants against the scenario suite alone (`scenarios/`, through the real
 * providers and the fake LLM), one vitest test per scenario (apps/eval/vitest.mutation.config.ts).
 *
 * The input checks (`check-*.ts`) are left to the unit configuration, because no scenario can reach what they
 * refuse: the options, messages and tools a program passes to `runToolLoop`, and the paused turn and decisions
 * it resumes with (a scenario's own fields are checked by the scenario format before the loop sees them, so a
 * wrong value never gets that far), and the parts a custom `Model` streams (the real providers a scenario runs
 * through never send a malformed one). The options' own checks (`packages/core/src/options`) are left out for
 * the same reason.
 */
export default defineStrykerConfig({
  name: 'scenarios',
  vitestConfig: 'apps/eval/vitest.mutation.config.ts',
  vitestDir: 'apps/eval',
  timeoutMS: 15_000,
  exclude: ['check-*.ts'],
  loopOnly: true,
});
