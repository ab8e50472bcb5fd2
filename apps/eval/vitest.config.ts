import { defineToolloopTests } from '../../vitest.shared.ts';

// The command-line tests spawn the built `toolloop-eval`, and `--workers` forks the built worker. The scenario
// suite's Postgres scenarios use a real server, one per run.
export default defineToolloopTests({
  name: 'eval',
  spawnsBuilt: 'itself',
  globalSetup: ['@toolloop/test-postgres/global-setup'],
});
