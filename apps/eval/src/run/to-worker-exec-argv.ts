/** Flags that take the next argument as their value. */
const flagsWithValue = new Set(['--conditions', '-C', '--eval', '-e', '--print', '-p', '--input-type']);

/** Flags that would make the worker run something other than its own file, or do something else entirely. */
const programFlags = new Set([
  '--eval',
  '-e',
  '--print',
  '-p',
  '--interactive',
  '-i',
  '--check',
  '-c',
  '--test',
]);

/**
 * The Node flags a worker process inherits from the run's process: all but those that say what to run (`-e`,
 * `-p`, `-i`, `--check`, `--test`, `--watch`: a worker given the caller's `-e` code would run that code, and a
 * `runScenarios` in it would start workers of its own without end), resolution conditions (a test runner's,
 * which can point packages at their TypeScript sources; the worker is built JavaScript) and the inspector's (its
 * port is taken).
 */
export function toWorkerExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const flag = execArgv[index] ?? '';
    const [name = ''] = flag.split('=', 1);
    if (
      programFlags.has(name) ||
      name === '--conditions' ||
      name === '-C' ||
      name === '--input-type' ||
      name.startsWith('--inspect') ||
      name.startsWith('--watch')
    ) {
      if (flagsWithValue.has(flag)) index++;
      continue;
    }
    kept.push(flag);
  }
  return kept;
}
