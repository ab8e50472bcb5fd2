import { defineToolloopTests } from '../vitest.shared.ts';

// The packed packages are made from their builds, and some tests spawn the built scripts.
export default defineToolloopTests({ name: 'integration', spawnsBuilt: 'dependencies' });
