import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runProgram } from '../src/cli/create-program.js';

const fixtures = join(import.meta.dirname, 'fixtures');

async function runCli(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const exitCode = await runProgram(['node', 'toolloop-eval', ...args], {
    cwd: fixtures,
    output: { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) },
  });
  return { stdout, stderr, exitCode };
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('toolloop-eval', () => {
  it('run: exits 0 when every scenario passes and writes the requested reports', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'toolloop-eval-'));
    const { exitCode } = await runCli(
      'run',
      'passing',
      '--reporter',
      'json',
      '--reporter',
      'junit',
      '--out-dir',
      outDir,
    );

    expect(exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(outDir, 'report.json'), 'utf8'))).toMatchObject({
      summary: { total: 4, passed: 3, skipped: 1 },
    });
    expect(readFileSync(join(outDir, 'junit.xml'), 'utf8')).toContain('<testsuites');
  });

  it('run: exits 1 when a scenario fails', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'toolloop-eval-'));
    expect((await runCli('run', 'failing', '--reporter', 'json', '--out-dir', outDir)).exitCode).toBe(1);
  });

  it('run: exits 2 on invalid input, with file:line:column on stderr', async () => {
    const { exitCode, stderr } = await runCli('run', 'invalid/typo.yaml');

    expect(exitCode).toBe(2);
    expect(stderr).toBe(
      "Invalid scenario input:\ninvalid/typo.yaml:7:7 turns[0].expect.stopReasn: Unknown field 'stopReasn'.\n",
    );
  });

  it('run: rejects an unknown reporter and a bad shard before running', async () => {
    expect((await runCli('run', 'passing', '--reporter', 'xml')).stderr).toContain(
      "Unknown reporter 'xml'. Known reporters: pretty, json, junit, html.",
    );
    const badShard = await runCli('run', 'passing', '--shard', '3/2');
    expect(badShard.exitCode).toBe(2);
    expect(badShard.stderr).toContain('--shard expects i/n with 1 ≤ i ≤ n');
  });

  it('validate: says how many files are valid, or lists the problems', async () => {
    expect(await runCli('validate', 'passing')).toEqual({
      stdout: '4 scenario files valid.\n',
      stderr: '',
      exitCode: 0,
    });
    const invalid = await runCli('validate', 'invalid');
    expect(invalid.exitCode).toBe(2);
    expect(invalid.stderr).toContain(
      "invalid/typo.yaml:7:7 turns[0].expect.stopReasn: Unknown field 'stopReasn'.",
    );
  });

  it('list: names the scenarios a run would run, with files and tags', async () => {
    expect((await runCli('list', 'passing', '--tag', 'smoke')).stdout).toBe(
      'echo once  passing/echo.yaml  #smoke #tools\nplain answer  passing/plain.yaml  #smoke\n',
    );
  });

  it('schema: prints the JSON Schema of scenario files', async () => {
    const schema = JSON.parse((await runCli('schema')).stdout) as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };

    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['name', 'turns', 'servers', 'loop']),
    );
    expect(schema.additionalProperties).toBe(false);
  });
});
