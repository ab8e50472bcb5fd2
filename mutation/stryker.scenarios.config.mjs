// @ts-check
import { defineStrykerConfig } from './define-stryker-config.mjs';

/**
 * `pnpm mutation:scenarios`: the loop's mutants against the scenario suite alone (`scenarios/`, through the real
 * providers and the fake LLM), one vitest test per scenario (apps/eval/vitest.mutation.config.ts).
 */
export default defineStrykerConfig({
  name: 'scenarios',
  vitestConfig: 'apps/eval/vitest.mutation.config.ts',
  vitestDir: 'apps/eval',
  timeoutMS: 15_000,
});
