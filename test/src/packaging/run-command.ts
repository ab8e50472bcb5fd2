import { spawn } from 'node:child_process';

/** What a command did: its exit code (null when a signal ended it) and everything it printed. */
export interface CommandResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end and reports how it went; a non-zero exit is a result, not a throw. A command still
 * running after `timeoutMs` is killed (and its result says so in `stderr`), so none outlives the test.
 */
export function runCommand({
  command,
  args,
  cwd,
  env,
  timeoutMs = 300_000,
}: {
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const timer = setTimeout(() => {
      stderr += `\n[killed: ${command} ${args.join(' ')} ran past ${timeoutMs} ms]`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Could not start ${command} in ${cwd}: ${error.message}`, { cause: error }));
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderr });
    });
  });
}

/** A result as one text for failure messages: the command's output, so a failing test shows why. */
export function describeResult(result: CommandResult): string {
  return `exit code ${result.exitCode}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
}
