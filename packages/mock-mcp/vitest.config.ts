import { defineToolloopTests } from '../../vitest.shared.ts';

// The stdio tests spawn the built `mock-mcp` script.
export default defineToolloopTests({ name: 'mock-mcp', spawnsBuilt: 'itself' });
