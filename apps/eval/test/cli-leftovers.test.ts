import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The built command line, as a user runs it: only a real process shows whether it ends.
const bin = join(import.meta.dirname, '../dist/bin/toolloop-eval.js');
const fixtures = join(import.meta.dirname, 'fixtures/leftovers');

/** Runs the bin to its end, whatever that takes; the test's own timeout is the bound. */
async function runBin(...args: string[]) {
  const child = spawn(process.execPath, [bin, 'run', '--concurrency', '1', ...args], {
    cwd: fixtures,
    env: { ...process.env, CI: 'true', NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return { code, signal, stdout, stderr };
}

describe('toolloop-eval run, when a scenario leaves something running', () => {
  it('with --leftovers off, ends once its report is written, saying what was left and how to find who left it', async () => {
    const { code, stdout, stderr } = await runBin(
      'leaves-a-timer.yaml',
      'cleans-up.yaml',
      '--leftovers',
      'off',
    );

    expect(stdout).toContain('2 passed, 0 failed, 0 skipped');
    expect(code).toBe(0);
    expect(stderr).toBe(
      'toolloop-eval: the report is written, but something the run started still runs (1 timer); the process ends here, with any child process of its. Run again without --leftovers off to name the scenario that left it.\n',
    );
  });

  it('by default, fails the turn that left a timer, naming what and where it was started', async () => {
    const { code, stdout } = await runBin('leaves-a-timer.yaml', 'cleans-up.yaml');

    expect(code).toBe(1);
    expect(stdout).toContain('1 passed, 1 failed, 0 skipped');
    expect(stdout).toMatch(
      /a tool leaves a timer running[\s\S]*turns\[0\][\s\S]*left running after the turn ended: a timer of 60 s, started at .*reminding-agent\.ts:10/,
    );
  });

  it('with --leftovers scenario, lets a turn leave a timer and fails the scenario that still has it', async () => {
    const { code, stdout } = await runBin('leaves-a-timer.yaml', '--leftovers', 'scenario');

    expect(code).toBe(1);
    expect(stdout).toMatch(
      /left running after it ended: a timer of 60 s, started at .*reminding-agent\.ts:10/,
    );
    expect(stdout).not.toContain('left running after the turn ended');
  });

  it('by default, fails the scenario that left a server listening once it ended', async () => {
    const { code, stdout } = await runBin('leaves-a-server.yaml');

    expect(code).toBe(1);
    expect(stdout).toMatch(/a tool leaves a server listening[\s\S]*left running after it ended: a server/);
    expect(stdout).not.toContain('left running after the turn ended');
  });

  it('a run that leaves nothing ends on its own and says nothing more', async () => {
    const { code, stderr } = await runBin('cleans-up.yaml');

    expect(code).toBe(0);
    expect(stderr).toBe('');
  });

  it('ends the child processes still running when it ends: a server that never answered outlives nothing', async () => {
    // The server keeps a connection to this socket (its path is in the scenario) for as long as it lives: the
    // connection's close is the server's end.
    const socketPath = join(fixtures, 'silent-server.sock');
    await rm(socketPath, { force: true });
    const listener = createServer();
    listener.listen(socketPath);
    await once(listener, 'listening');
    // Listened for from the start: the server may be gone before the command has ended.
    const serverEnded = (once(listener, 'connection') as Promise<[Socket]>).then(([connection]) =>
      once(connection.resume(), 'close'),
    );
    try {
      const { code, stderr } = await runBin('server-never-answers.yaml', '--scenario-timeout', '2000');

      expect(code).toBe(1);
      expect(stderr).toContain('1 child process');
      // Resolves once the server is gone; the test's timeout is the bound.
      await serverEnded;
    } finally {
      listener.close();
    }
  });

  it.each([
    ['in this process', []],
    ['in a worker process', ['--workers', '2', '--concurrency', '2']],
  ])(
    'ends a run that a tool stuck in a synchronous loop would hang forever, naming the scenario (%s)',
    async (_where, workers) => {
      const { code, signal, stderr } = await runBin(
        'tool-never-yields.yaml',
        'cleans-up.yaml',
        '--scenario-timeout',
        '1000',
        ...workers,
      );

      expect(stderr).toContain(
        'the run has been blocked for 6 s by code that never yields (a synchronous loop in a tool, an agent or a model adapter?); no deadline can interrupt it, so the process ends here. Running then: a tool that never yields.',
      );
      // In this process, the run ends with it; a worker's end is a runner error of the scenario it ran, and the
      // report is written.
      expect({ code, signal }).toEqual(
        workers.length === 0 ? { code: null, signal: 'SIGKILL' } : { code: 2, signal: null },
      );
    },
  );
});
