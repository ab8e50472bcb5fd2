import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

const fixtures = join(import.meta.dirname, 'fixtures');
let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'toolloop-merge-'));
  // Passing, failing and skipped scenarios together, as a suite has them.
  await cp(join(fixtures, 'passing'), join(root, 'scenarios', 'passing'), { recursive: true });
  await cp(join(fixtures, 'failing'), join(root, 'scenarios', 'failing'), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/**
 * A report with what differs from run to run set aside: times, and the ids the fake LLM gives tool calls, which
 * number the scenarios in the order their own run took them.
 */
async function readReport(directory: string): Promise<unknown> {
  const text = await readFile(join(root, directory, 'report.json'), 'utf8');
  return JSON.parse(text, (key, value: unknown) =>
    key === 'durationMs' || key === 'atMs'
      ? 0
      : key === 'toolCallId' && typeof value === 'string'
        ? value.replace(/_s\d+r/u, '_s?r')
        : value,
  ) as unknown;
}

async function runShards(count: number): Promise<number[]> {
  const codes: number[] = [];
  for (let index = 1; index <= count; index += 1) {
    const { exitCode } = await runCli(
      root,
      'run',
      'scenarios',
      '--shard',
      `${index}/${count}`,
      '--reporter',
      'json',
      '--out-dir',
      `part-${index}`,
    );
    codes.push(exitCode);
  }
  return codes;
}

describe('toolloop-eval merge', () => {
  it('merges the reports of a suite run in three parts into the report and exit code of one run', async () => {
    const single = await runCli(root, 'run', 'scenarios', '--reporter', 'json', '--out-dir', 'whole');
    await runShards(3);

    const merged = await runCli(root, 'merge', 'part-1', 'part-2', 'part-3', '--out-dir', 'merged');

    expect(merged.stderr).toBe('');
    expect(merged.exitCode).toBe(single.exitCode);
    expect(single.exitCode).toBe(1);
    expect(await readReport('merged')).toEqual(await readReport('whole'));
    // JUnit and HTML too, by default.
    expect(await readFile(join(root, 'merged', 'junit.xml'), 'utf8')).toContain('<testsuites');
    expect(await readFile(join(root, 'merged', 'report.html'), 'utf8')).toContain('<html');
    expect(merged.stdout).toContain('failed');
  });

  it('names the parts missing, a part given twice, and a file that is no report', async () => {
    await runShards(3);
    await writeFile(join(root, 'other.json'), JSON.stringify({ results: [] }));

    const missing = await runCli(root, 'merge', 'part-1', 'part-3');
    const twice = await runCli(root, 'merge', 'part-1', 'part-1/report.json', 'part-2', 'part-3');
    const foreign = await runCli(root, 'merge', 'other.json');
    const absent = await runCli(root, 'merge', 'nowhere');

    expect(missing).toMatchObject({ exitCode: 2 });
    expect(missing.stderr).toContain('Cannot merge the reports: part 2/3 missing');
    expect(twice.stderr).toContain('part 1/3 is given twice');
    expect(foreign.stderr).toContain('other.json is no report.json of toolloop-eval');
    expect(absent.stderr).toMatch(/cannot read .*nowhere.* \(no such file\)/u);
  });
});
