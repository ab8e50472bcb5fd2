import { readFileSync } from 'node:fs';

/** The version of `@toolloop/eval`, from its package.json (two levels above both `src/cli` and `dist/cli`). */
export function readPackageVersion(): string {
  const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return packageJson.version;
}
