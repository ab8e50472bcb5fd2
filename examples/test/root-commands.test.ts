import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
/** What `pnpm exec` and the root's scripts find on their PATH. */
const rootBin = join(root, 'node_modules', '.bin');

// The bins run from their built dist: `pnpm test` builds it first, and a run of this file alone rebuilds what
// is older than its sources (`spawnsBuilt` in vitest.config.ts).
describe('the commands the README shows, from the repository root', () => {
  it.each([
    ['toolloop-eval', 'Usage: toolloop-eval'],
    ['mock-mcp', 'Usage: mock-mcp'],
    ['fake-llm', 'Usage: fake-llm'],
  ])('`pnpm exec %s` finds the bin at the root', async (bin, usage) => {
    const { stdout } = await run(join(rootBin, bin), ['--help'], { cwd: root });

    expect(stdout).toContain(usage);
  });

  it('`pnpm exec toolloop-eval schema | head -1` ends quietly when the reader closes the pipe', async () => {
    const child = spawn(join(rootBin, 'toolloop-eval'), ['schema'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    // The schema is larger than a pipe's buffer: the bin is still writing when the reader goes.
    child.stdout.once('data', () => child.stdout.destroy());
    const [exitCode] = (await once(child, 'close')) as [number | null];

    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: '' });
  });

  it('`pnpm eval validate <path>` runs the validate command, not `run` with `validate` as a path', async () => {
    const { stdout } = await runRootScript('eval', ['validate', 'scenarios/rounds']);

    expect(stdout).toMatch(/^\d+ scenario files valid\.\n$/);
  });

  it('`pnpm eval list <path> --tag <tag>` lists the scenarios a run would run', async () => {
    const { stdout } = await runRootScript('eval', ['list', 'scenarios/rounds', '--tag', 'max-rounds']);

    expect(stdout).toContain('scenarios/rounds/');
  });

  it('`pnpm eval <path> <options>` still runs the scenarios', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'toolloop-root-eval-'));
    try {
      await runRootScript('eval', [
        'scenarios/rounds',
        '--tag',
        'max-rounds',
        '--reporter',
        'json',
        '--out-dir',
        outDir,
      ]);

      expect(JSON.parse(readFileSync(join(outDir, 'report.json'), 'utf8'))).toMatchObject({
        summary: { failed: 0, passed: expect.any(Number) as number },
      });
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

/**
 * Runs what a root script runs after its build step, the way `pnpm <script> <args>` does: in the root, with
 * the root's bins on the PATH and the arguments appended.
 */
async function runRootScript(name: string, args: string[]) {
  const scripts = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const command = scripts[name]?.split('&&').at(-1)?.trim() ?? '';
  return run('sh', ['-c', `${command} "$@"`, name, ...args], {
    cwd: root,
    env: { ...process.env, PATH: `${rootBin}${delimiter}${process.env.PATH ?? ''}` },
  });
}
