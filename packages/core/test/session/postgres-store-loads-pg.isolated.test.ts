import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const supportDirectory = join(import.meta.dirname, 'support');

async function runChild(mode: string) {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    join(supportDirectory, 'register-typescript.mjs'),
    join(supportDirectory, 'pg-loading-child.mjs'),
    mode,
  ]);
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { step: string; pgModules: number });
}

describe("the Postgres store and its optional peer 'pg'", () => {
  it('loads pg only to connect with a connection string: not when imported, nor with a pool of the host', async () => {
    const steps = await runChild('connect');

    expect(steps.map(({ step, pgModules }) => [step, pgModules > 0])).toEqual([
      ['imported', false],
      ['own pool', false],
      ['connection string', true],
    ]);
  });
});
