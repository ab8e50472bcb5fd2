import { defineToolloopSystemProject } from '../../vitest.shared.ts';

/** `pnpm test:system`: the HTML report in headless Chromium. */
export default defineToolloopSystemProject({ name: 'eval', testTimeout: 30_000 });
