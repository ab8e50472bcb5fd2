import { defineToolloopTests } from '../../vitest.shared.ts';

// The stdio tests spawn the built `mock-mcp` script: `pnpm test` builds the package first (turbo's `build`
// dependency); run alone, they need `pnpm build`.
export default defineToolloopTests({ name: 'mock-mcp' });
