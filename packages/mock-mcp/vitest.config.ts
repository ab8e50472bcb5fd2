import { mergeConfig } from 'vitest/config';
import { defineToolloopProject } from '../../vitest.shared.ts';

// The stdio tests spawn the built `mock-mcp` script, so the global setup builds the package first.
export default mergeConfig(defineToolloopProject({ name: 'mock-mcp' }), {
  test: { globalSetup: ['./test/build-package.ts'] },
});
