import { defineToolloopProject } from '../../vitest.shared.ts';

export default defineToolloopProject({ name: 'eval', testTimeout: 30_000 });
