import { defineToolloopTests } from '../vitest.shared.ts';

export default defineToolloopTests({ name: 'integration', testTimeout: 30_000 });
