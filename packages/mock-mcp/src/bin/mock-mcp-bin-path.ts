import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The path of the built `mock-mcp` script (`dist/bin/mock-mcp.js`), to spawn with `process.execPath`. It
 * exists after `pnpm --filter @toolloop/mock-mcp build`.
 */
export const mockMcpBinPath = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'dist',
  'bin',
  'mock-mcp.js',
);
