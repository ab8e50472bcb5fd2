import { defineToolloopProject } from '../vitest.shared.ts';

export default defineToolloopProject({ name: 'integration', testTimeout: 30_000 });
