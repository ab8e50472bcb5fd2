import { runProgram } from '../../src/cli/create-program.js';

/** Runs `toolloop-eval <args>` in `cwd` in this process, and gives back what it wrote and its exit code. */
export async function runCli(cwd: string, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  const exitCode = await runProgram(['node', 'toolloop-eval', ...args], {
    cwd,
    output: { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) },
  });
  return { stdout, stderr, exitCode };
}
