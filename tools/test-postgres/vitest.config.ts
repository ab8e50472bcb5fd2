import { defineToolloopTests } from '../../vitest.shared.ts';

export default defineToolloopTests({
  name: 'test-postgres',
  globalSetup: ['./src/global-setup.ts'],
});
