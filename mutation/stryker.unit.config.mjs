// @ts-check
import { defineStrykerConfig } from './define-stryker-config.mjs';

/** `pnpm mutation:unit`: the loop's mutants against core's own unit tests (packages/core). */
export default defineStrykerConfig({
  name: 'unit',
  vitestConfig: 'packages/core/vitest.mutation.config.ts',
  vitestDir: 'packages/core',
  timeoutMS: 10_000,
});
