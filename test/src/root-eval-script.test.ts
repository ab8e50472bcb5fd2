import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from './packaging/run-command.js';

const root = join(import.meta.dirname, '../..');

describe('pnpm eval, the README’s command', () => {
  it('gives its arguments to the runner and keeps stdout for what the runner prints: `pnpm eval schema > x.json` is JSON', async () => {
    const { exitCode, stdout } = await runCommand({
      command: 'pnpm',
      args: ['eval', 'schema'],
      cwd: root,
      env: process.env,
    });

    expect(exitCode).toBe(0);
    const published = await readFile(join(root, 'apps/eval/scenario.schema.json'), 'utf8');
    expect(JSON.parse(stdout)).toEqual(JSON.parse(published));
  });
});
