import { defineToolloopTests } from '../../vitest.shared.ts';

export default defineToolloopTests({ name: 'eval', testTimeout: 30_000 });
