import { spawn, type SpawnOptions } from 'node:child_process';

/** How a program is run: its folder, environment and, when the tests run as root, the user it runs as. */
export type ProgramOptions = Pick<SpawnOptions, 'cwd' | 'env' | 'uid' | 'gid'>;

/** Runs a program to its end; rejects with its output when it fails. */
export function runProgram(
  program: string,
  args: readonly string[],
  options: ProgramOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error: NodeJS.ErrnoException) => {
      const hint =
        error.code === 'EACCES' && options.uid !== undefined
          ? ` (the user ${options.uid} must be able to read and run it, and every folder above it)`
          : '';
      reject(new Error(`Could not run ${program}${hint}: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${program} ${args.join(' ')} exited with ${signal ?? code}:\n${output}`));
    });
  });
}
