import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli as runCliIn } from './support/run-cli.js';

const fixtures = join(import.meta.dirname, 'fixtures');

function runCli(...args: string[]) {
  return runCliIn(fixtures, ...args);
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

  it('run: with only file reporters, still prints the summary and the path of each report written', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'toolloop-eval-'));
    const { stdout, exitCode } = await runCli(
      'run',
      'passing',
      '--reporter',
      'json',
      '--reporter',
      'html',
      '--out-dir',
      outDir,
    );

    expect(exitCode).toBe(0);
    expect(stdout.replace(/ in [\d.]+ m?s\n/, ' in N ms\n')).toBe(
      [
        `Wrote ${join(outDir, 'report.json')}`,
        `Wrote ${join(outDir, 'report.html')}`,
        '3 passed, 0 failed, 1 skipped',
        '4 scenarios in N ms',
        '',
      ].join('\n'),
    );
  });

  it('run: the pretty reporter writes to the command output, and says where a file report went', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'toolloop-eval-'));
    const { stdout } = await runCli(
      'run',
      'passing',
      '--reporter',
      'pretty',
      '--reporter',
      'junit',
      '--out-dir',
      outDir,
    );
    const lines = stdout.split('\n');

    expect(lines.filter((line) => line.includes('passed, '))).toEqual(['3 passed, 0 failed, 1 skipped']);
    expect(lines.at(-2)).toBe(`Wrote ${join(outDir, 'junit.xml')}`);
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

  it('validate: YAML that cannot be read is invalid input with a position, never a stack trace', async () => {
    const { exitCode, stderr } = await runCli(
      'validate',
      'hostile/undefined-alias.yaml',
      'hostile/billion-laughs.yaml',
      'hostile/comments-only.yaml',
      'hostile/replay-device.yaml',
    );

    expect(exitCode).toBe(2);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr.split('\n').map((line) => line.replace(fixtures + '/', ''))).toEqual([
      'Invalid scenario input:',
      "hostile/billion-laughs.yaml:6:8 e[0]: Aliases expand this document to more than 10000 values (here, '*d'); write the values out or use fewer aliases.",
      'hostile/comments-only.yaml:1:1 (root): The file holds no document (it is empty or only comments); expected a scenario: a mapping with at least `name` and `turns`.',
      "hostile/replay-device.yaml:5:17 turns[0].llm[0].replay: The recording '/dev/zero' is not a recording: the fake LLM replays .sse, .chunks.jsonl, .ndjson (Ollama) and .bin (Bedrock) files.",
      "hostile/undefined-alias.yaml:3:11 turns[0].user: The alias '*nope' names no anchor: write '&nope' on a value before it.",
      '',
    ]);
  });

  it('validate: a path that is not a regular file is invalid input, read no further', async () => {
    const { stderr, exitCode } = await runCli('validate', '/dev/zero');

    expect(exitCode).toBe(2);
    expect(stderr).toContain('/dev/zero (root): not a regular file; a scenario is a YAML or JSON file.');
  });

  it('run: a --filter that is not a valid regular expression is invalid input', async () => {
    const { stderr, exitCode } = await runCli('run', 'passing', '--filter', '/(unclosed/');

    expect(exitCode).toBe(2);
    expect(stderr).toContain("--filter '/(unclosed/' is not a valid regular expression:");
  });

  it('run: a --tag that selects no scenario is invalid input naming the tag and the tags in use', async () => {
    expect(await runCli('run', 'passing', '--tag', 'smok', '--reporter', 'json')).toEqual({
      stdout: '',
      stderr:
        "No scenario selected: none of the 4 scenarios found has the tag 'smok'. Tags in use: session, smoke, tools. Pass --pass-with-no-scenarios if an empty run is expected.\n",
      exitCode: 2,
    });
  });

  it('run: a --filter that matches no name, or a shard left empty, is invalid input too', async () => {
    const filtered = await runCli('run', 'passing', '--filter', 'nothing like it');
    const sharded = await runCli('run', 'passing', '--tag', 'smoke', '--shard', '3/3');

    expect([filtered.exitCode, sharded.exitCode]).toEqual([2, 2]);
    expect(filtered.stderr).toContain(
      "No scenario selected: none of the 4 scenarios found has a name matching --filter 'nothing like it'.",
    );
    expect(sharded.stderr).toContain(
      'No scenario selected: shard 3 of 3 holds none of the 2 scenarios selected before sharding.',
    );
  });

  it('run: --pass-with-no-scenarios lets a run that selects nothing pass', async () => {
    const { stdout, exitCode } = await runCli(
      'run',
      'passing',
      '--tag',
      'smok',
      '--reporter',
      'json',
      '--out-dir',
      mkdtempSync(join(tmpdir(), 'toolloop-eval-')),
      '--pass-with-no-scenarios',
    );

    expect(exitCode).toBe(0);
    expect(stdout).toContain('0 passed, 0 failed, 0 skipped\n');
  });

  it('list: a selection of no scenario is invalid input unless allowed', async () => {
    const empty = await runCli('list', 'passing', '--tag', 'smok');
    const allowed = await runCli('list', 'passing', '--tag', 'smok', '--pass-with-no-scenarios');

    expect([empty.exitCode, allowed.exitCode, allowed.stdout]).toEqual([2, 0, '']);
    expect(empty.stderr).toContain("has the tag 'smok'. Tags in use: session, smoke, tools.");
  });

  it('run: a path that matches nothing says the absolute path it looked at', async () => {
    const emptyDirectory = mkdtempSync(join(tmpdir(), 'toolloop-eval-empty-'));
    const { stderr, exitCode } = await runCli('run', 'pasing', 'nowhere/*.yaml', emptyDirectory);

    expect(exitCode).toBe(2);
    expect(stderr).toBe(
      [
        'Invalid scenario input:',
        `pasing (root): nothing is at ${join(fixtures, 'pasing')}; relative paths start from the working directory, ${fixtures}.`,
        `nowhere/*.yaml (root): no scenario file matches this glob in the working directory, ${fixtures}.`,
        `${emptyDirectory} (root): the directory ${emptyDirectory} holds no scenario file (.yaml, .yml or .json); recordings (name.recording/) and mock server specs (name.mcp.yaml) are not scenarios.`,
        '',
      ].join('\n'),
    );
  });

  it('list: names the scenarios a run would run, with files and tags', async () => {
    expect((await runCli('list', 'passing', '--tag', 'smoke')).stdout).toBe(
      'echo once  passing/echo.yaml  #smoke #tools\nplain answer  passing/plain.yaml  #smoke\n',
    );
  });

  it('list: reports the problems of every file, relative, as validate does', async () => {
    const validated = await runCli('validate', 'invalid');
    expect(validated.stderr.split('\n')).toEqual([
      'Invalid scenario input:',
      expect.stringMatching(/^invalid\/bad-yaml\.yaml:\d+:\d+ /u),
      "invalid/typo.yaml:7:7 turns[0].expect.stopReasn: Unknown field 'stopReasn'.",
      '',
    ]);
    expect(await runCli('list', 'invalid')).toEqual({ stdout: '', stderr: validated.stderr, exitCode: 2 });
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
      version: string;
    };

    expect(await runCli('--version')).toEqual({ stdout: `${version}\n`, stderr: '', exitCode: 0 });
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
