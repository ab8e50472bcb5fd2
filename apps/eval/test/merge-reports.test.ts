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
    expect(foreign.stderr).toContain(
      'other.json: summary is missing (is it a report.json of toolloop-eval?)',
    );
    expect(absent.stderr).toMatch(/cannot read .*nowhere.* \(no such file\)/u);
  });

  it('refuses reports that do not say which part they are, a part out of any split, and a scenario it cannot read', async () => {
    await runShards(2);
    const part = JSON.parse(await readFile(join(root, 'part-1', 'report.json'), 'utf8')) as {
      summary: Record<string, unknown>;
      scenarios: Array<Record<string, unknown>>;
    };
    const write = (name: string, report: unknown) => writeFile(join(root, name), JSON.stringify(report));
    await write('old.json', { ...part, summary: { ...part.summary, shard: undefined } });
    await write('huge.json', { ...part, summary: { ...part.summary, shard: { index: 1, count: 1e9 } } });
    await write('broken.json', { ...part, scenarios: [{ ...part.scenarios[0], turns: [null] }] });

    const old = await runCli(root, 'merge', 'old.json', 'part-2');
    const huge = await runCli(root, 'merge', 'huge.json');
    const broken = await runCli(root, 'merge', 'broken.json', 'part-2');

    expect(old.stderr).toContain('old.json does not say which part of a run it is');
    expect(huge.stderr).toContain('parts 2/1000000000, 3/1000000000');
    expect(huge.stderr).toContain('more missing');
    expect(broken.stderr).toContain('broken.json: scenarios[0].turns[0] is not an object');
    expect([old.exitCode, huge.exitCode, broken.exitCode]).toEqual([2, 2, 2]);
  });

  it("runs a part's scenarios as a whole run does when another part holds the suite's only scenario", async () => {
    const plain = join(root, 'scenarios', 'passing', 'plain.yaml');
    await writeFile(plain, `${await readFile(plain, 'utf8')}only: true\n`);
    const whole = await runCli(root, 'run', 'scenarios', '--reporter', 'json', '--out-dir', 'whole');
    await runShards(2);

    const merged = await runCli(
      root,
      'merge',
      'part-1',
      'part-2',
      '--out-dir',
      'merged',
      '--reporter',
      'pretty',
      '--reporter',
      'json',
    );

    expect(merged.exitCode).toBe(whole.exitCode);
    expect(await readReport('merged')).toEqual(await readReport('whole'));
    // The pretty reporter shows each scenario, as in a run.
    expect(merged.stdout).toContain('plain');
  });
});
