import { defineToolloopTests } from '../../vitest.shared.ts';

// The MCP tests spawn the built `mock-mcp` script; the Postgres store's tests use a real server, one per run.
export default defineToolloopTests({
  name: 'core',
  spawnsBuilt: 'dependencies',
  globalSetup: ['@toolloop/test-postgres/global-setup'],
});
