import { defineToolloopTests } from '../vitest.shared.ts';

// The root-command tests run the built `toolloop-eval`, `mock-mcp` and `fake-llm`.
export default defineToolloopTests({ name: 'examples', spawnsBuilt: 'dependencies' });
