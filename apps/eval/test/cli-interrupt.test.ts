import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The built command line, as a user runs it: a signal reaches a real process.
const bin = join(import.meta.dirname, '../dist/bin/toolloop-eval.js');
const fixtures = join(import.meta.dirname, 'fixtures');

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolloop-interrupt-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('toolloop-eval run, interrupted', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    it(`${signal} mid-run exits ${code} and leaves no temporary report part behind`, async () => {
      const parts = join(directory, 'tmp');
      await import('node:fs/promises').then(({ mkdir }) => mkdir(parts));
      const child = spawn(
        process.execPath,
        [
          bin,
          'run',
          'interrupt',
          '--concurrency',
          '1',
          // json first: the runner awaits each reporter in turn, so the part is written before the line shows.
          '--reporter',
          'json',
          '--reporter',
          'pretty',
          '--out-dir',
          join(directory, 'out'),
        ],
        {
          cwd: fixtures,
          env: { ...process.env, TMPDIR: parts, CI: 'true' },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = once(child, 'exit');
      // The first scenario's line: its result is in a part file, and the second scenario is waiting.
      let output = '';
      for await (const chunk of child.stdout) {
        output += String(chunk);
        if (output.includes('answers at once')) break;
      }
      expect(await readdir(parts)).toHaveLength(1);

      child.kill(signal);

      expect(await exited).toEqual([code, null]);
      expect(await readdir(parts)).toEqual([]);
    });
});
