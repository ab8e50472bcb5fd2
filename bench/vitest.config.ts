import { defineToolloopProject } from '../vitest.shared.ts';

export default defineToolloopProject({ name: 'bench', testTimeout: 60_000 });
