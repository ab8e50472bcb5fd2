import { defineToolloopTests } from '../../vitest.shared.ts';

// The MCP tests spawn the built `mock-mcp` script.
export default defineToolloopTests({ name: 'core', spawnsBuilt: 'dependencies' });
