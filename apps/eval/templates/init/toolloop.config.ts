import { defineConfig } from '@toolloop/eval';

// What `npx toolloop-eval run` does when its command line does not say; a flag or a path given there wins.
export default defineConfig({
  scenarios: ['evals/'],
  // junit writes reports/junit.xml, which the CI job uploads.
  reporters: ['pretty', 'junit'],
  outDir: 'reports',
});
