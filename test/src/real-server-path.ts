import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** The entry script of a reference MCP server from npm, to run with `node` directly (not `npx`). */
export function realServerPath(name: 'server-everything'): string {
  return join(require.resolve(`@modelcontextprotocol/${name}/package.json`), '..', 'dist', 'index.js');
}
