import { defineToolloopProject } from '../../vitest.shared.ts';

/** `pnpm test:system`: the HTML report in headless Chromium. */
export default defineToolloopProject({ name: 'eval', testTimeout: 30_000, system: true });
