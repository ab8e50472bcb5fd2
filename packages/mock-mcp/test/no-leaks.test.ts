import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const script = new URL('./fixtures/exercise-and-close.mjs', import.meta.url).pathname;

describe('after close', () => {
  it('leaves no timers, sockets or child processes behind', async () => {
    // A fresh process, so that nothing of the test runner is counted: it uses the built package.
    const output = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [script], { timeout: 20_000 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(stdout);
      });
    });
    expect(JSON.parse(output)).toEqual({
      leftovers: [],
      pending: ['closed', 'closed', 'closed', 'closed', 'closed'],
    });
    // Starting a process that loads the SDK takes seconds on a loaded two-core machine; the child has 20 s.
  }, 30_000);
});
