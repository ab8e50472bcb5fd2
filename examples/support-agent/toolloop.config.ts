import { defineConfig } from '@toolloop/eval';

// What `toolloop-eval run` (and test/scenarios.test.ts) use when they are not told otherwise.
export default defineConfig({
  scenarios: ['scenarios/'],
  agent: './src/agent.ts',
  provider: 'anthropic',
  model: 'claude-haiku-4-5',
  reporters: ['pretty', 'junit'],
  outDir: 'reports',
});
