import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildRunReport,
  buildSampleRunReport,
  buildScenarioResult,
} from '../test-support/build-run-report.js';
import { createJsonReporter } from './create-json-reporter.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'toolloop-json-reporter-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function writeReport(report = buildSampleRunReport()): Promise<unknown> {
  const outDir = path.join(directory, 'nested', 'out');
  const reporter = createJsonReporter();
  await reporter.onRunStart?.({ total: report.scenarios.length, repeat: 1, concurrency: 1, outDir });
  await reporter.onRunEnd?.(report);
  return JSON.parse(await readFile(path.join(outDir, 'report.json'), 'utf8'));
}

describe('createJsonReporter', () => {
  it('writes report.json with the contract summary', async () => {
    const json = await writeReport();

    expect(json).toMatchObject({
      summary: { total: 5, passed: 1, failed: 3, skipped: 1, durationMs: 1234 },
    });
  });

  it('writes each scenario with the contract fields, turns and failures', async () => {
    const json = await writeReport();

    expect(json).toMatchObject({
      scenarios: [
        {
          name: 'outline lookup',
          file: 'scenarios/outline.yaml',
          status: 'passed',
          durationMs: 12,
          turns: [
            {
              stopReason: 'completed',
              rounds: 1,
              iterations: 2,
              toolCalls: [{ name: 'get_course_outline', input: { course: 'X' } }],
              text: 'Lesson 4 covers retrieval-augmented generation.',
            },
          ],
          failures: [],
        },
        {
          name: 'search <then> answer & "quote"',
          status: 'failed',
          failures: [
            {
              path: 'turns[0].expect.rounds',
              message: 'Expected 2 rounds, the turn made 1.',
              expected: 2,
              actual: 1,
            },
            { path: 'turns[0].expect.text.equals' },
            { path: 'turns[0].expect.toolCalls.calls[0]' },
          ],
        },
        { name: 'skipped for now', status: 'skipped', turns: [], failures: [] },
        {
          name: 'server crash',
          status: 'failed',
          error: { message: "Mock server 'courses' did not start: spawn ENOENT\u0007" },
        },
        {
          name: 'sometimes slow',
          status: 'failed',
          repeat: { runs: 5, passed: 3, passRate: 0.6, flaky: true },
        },
      ],
    });
  });

  it('keeps the contract keys first, in the contract order', async () => {
    const json = await writeReport(buildRunReport({ scenarios: [buildScenarioResult()] }));

    expect(json).toMatchObject({ scenarios: [{}] });
    const { summary, scenarios } = json as {
      summary: object;
      scenarios: { turns: object[]; failures: object[] }[];
    };
    expect(Object.keys(summary).slice(0, 5)).toEqual(['total', 'passed', 'failed', 'skipped', 'durationMs']);
    expect(Object.keys(scenarios[0]!).slice(0, 6)).toEqual([
      'name',
      'file',
      'status',
      'durationMs',
      'turns',
      'failures',
    ]);
    expect(Object.keys(scenarios[0]!.turns[0]!).slice(0, 5)).toEqual([
      'stopReason',
      'rounds',
      'iterations',
      'toolCalls',
      'text',
    ]);
  });

  it('refuses to write before it knows the output directory', async () => {
    await expect(createJsonReporter().onRunEnd?.(buildSampleRunReport())).rejects.toThrow(
      'Cannot write report.json: onRunEnd came before onRunStart, so the output directory is unknown.',
    );
  });
});
