import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { SuiteRun } from './run-suite-once.js';
import { writeScenarioSuite } from './write-scenario-suite.js';

// The built bin, as `runSuiteInChild` starts it.
const runSuiteBin = fileURLToPath(new URL('../../dist/bin/run-suite.js', import.meta.url));

describe('a suite run in a process of its own', () => {
  it("gives the run's own peak memory, not the memory of the process that started it", async () => {
    const directory = await mkdtemp(join(tmpdir(), 'toolloop-bench-suite-'));
    try {
      await writeScenarioSuite({ directory, count: 3 });
      // The benchmark's process holds 400 MB while it starts the run: on Linux a started process's `maxRSS`
      // counts its parent's pages up to the moment it runs its own program.
      const held = Buffer.alloc(400 * 1024 * 1024, 1);

      const { stdout } = await promisify(execFile)(process.execPath, [runSuiteBin, directory, '1']);
      const run = JSON.parse(stdout) as SuiteRun;

      expect(held.length).toBe(400 * 1024 * 1024);
      expect(run.passed).toBe(3);
      expect(run.peakRssBytes / 1024 / 1024).toBeGreaterThan(20);
      expect(run.peakRssBytes / 1024 / 1024).toBeLessThan(300);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
