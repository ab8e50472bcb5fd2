import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import evalTests from './apps/eval/vitest.config.ts';
import benchTests from './bench/vitest.config.ts';
import supportAgentTests from './examples/support-agent/vitest.config.ts';
import examplesTests from './examples/vitest.config.ts';
import coreTests from './packages/core/vitest.config.ts';
import fakeLlmTests from './packages/fake-llm/vitest.config.ts';
import mockMcpTests from './packages/mock-mcp/vitest.config.ts';
import providersTests from './packages/providers/vitest.config.ts';
import integrationTests from './test/vitest.config.ts';
import testPostgresTests from './tools/test-postgres/vitest.config.ts';

/** Each package's test projects, run from the package's own directory. */
function inDirectory(
  root: string,
  config: { test?: { projects?: unknown[] } },
): TestProjectInlineConfiguration[] {
  return (config.test?.projects ?? []).map((project) => ({
    ...(project as TestProjectInlineConfiguration),
    root,
  }));
}

/**
 * Every package's tests from the root, in one vitest (`pnpm vitest`, and editors' vitest integrations).
 * `pnpm test` runs them package by package through turbo instead, each after the builds it needs.
 */
export default defineConfig({
  test: {
    projects: [
      ...inDirectory('packages/core', coreTests),
      ...inDirectory('packages/providers', providersTests),
      ...inDirectory('packages/fake-llm', fakeLlmTests),
      ...inDirectory('packages/mock-mcp', mockMcpTests),
      ...inDirectory('apps/eval', evalTests),
      ...inDirectory('examples', examplesTests),
      ...inDirectory('examples/support-agent', supportAgentTests),
      ...inDirectory('test', integrationTests),
      ...inDirectory('bench', benchTests),
      ...inDirectory('tools/test-postgres', testPostgresTests),
    ],
  },
});
