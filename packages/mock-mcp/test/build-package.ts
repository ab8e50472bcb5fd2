import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Vitest global setup: builds `dist/` (with `dist/bin/mock-mcp.js`) so that the stdio tests can spawn it. */
export default function buildPackage(): void {
  const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: packageDirectory,
    stdio: 'inherit',
  });
}
