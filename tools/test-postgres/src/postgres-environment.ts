/**
 * The environment of initdb and postgres: the C locale, for log text that reads the same everywhere and no locale
 * lookup. On Windows the whole environment, which programs there need (SystemRoot and the like).
 */
export function postgresEnvironment(): NodeJS.ProcessEnv {
  const locale = { LC_ALL: 'C', LANG: 'C' };
  return process.platform === 'win32' ? { ...process.env, ...locale } : { PATH: process.env.PATH, ...locale };
}
