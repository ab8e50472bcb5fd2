import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findProgram } from '../src/find-program.js';
import { isProcessRunning } from '../src/is-process-running.js';
import { sweepOrphanServers } from '../src/sweep-orphan-servers.js';
import { runServerChild } from './run-child.js';
import { waitFor } from './wait-for.js';

const diesWithParent =
  process.platform === 'linux' && process.getuid?.() === 0 && findProgram('setpriv') !== undefined;

describe('a test runner killed with SIGKILL', () => {
  it(
    diesWithParent
      ? 'takes its server down with it (the kernel signals it: setpriv --pdeathsig)'
      : 'leaves its server to the next start’s sweep (no setpriv --pdeathsig here)',
    async () => {
      const child = runServerChild('hold');
      const { postmasterPid, runFolder } = await child.report;
      try {
        expect(isProcessRunning(postmasterPid)).toBe(true);
        child.process.kill('SIGKILL');
        expect(await child.ended).toBe('SIGKILL');
        if (diesWithParent) {
          await waitFor(`postgres (pid ${postmasterPid}) to end`, () => !isProcessRunning(postmasterPid));
        } else {
          expect(isProcessRunning(postmasterPid)).toBe(true);
        }
        await sweepOrphanServers();
        expect(existsSync(runFolder)).toBe(false);
        expect(isProcessRunning(postmasterPid)).toBe(false);
      } finally {
        child.process.kill('SIGKILL');
        if (isProcessRunning(postmasterPid)) process.kill(postmasterPid, 'SIGQUIT');
      }
    },
  );
});
