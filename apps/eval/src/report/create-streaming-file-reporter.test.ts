import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderHtmlReport } from './html/render-html-report.js';
import { createHtmlReporter } from './html/create-html-reporter.js';
import { createJsonReporter } from './json/create-json-reporter.js';
import { toJsonReportText } from './json/to-json-report.js';
import { createJunitReporter } from './junit/create-junit-reporter.js';
import { toJunitXml } from './junit/to-junit-xml.js';
import type { Reporter } from './reporter.js';
import type { RunReport } from './run-report.js';
import { buildSampleRunReport, buildScenarioResult } from './test-support/build-run-report.js';

let directory: string;
let previousTmpdir: string | undefined;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'toolloop-streaming-reporter-'));
  // Part files go to the system's temp directory: here, one this test alone looks into.
  previousTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = path.join(directory, 'tmp');
  await import('node:fs/promises').then(({ mkdir }) => mkdir(path.join(directory, 'tmp')));
});
afterEach(async () => {
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  await rm(directory, { recursive: true, force: true });
});

/** The sample report with files shared and split, a repeat, an error and every status. */
function sampleReport(): RunReport {
  const sample = buildSampleRunReport();
  return {
    ...sample,
    scenarios: [
      ...sample.scenarios,
      buildScenarioResult({ name: 'back in the first file', file: sample.scenarios[0]?.file ?? '' }),
    ],
  };
}

const formats = [
  { name: 'report.json', create: () => createJsonReporter(), render: toJsonReportText },
  { name: 'junit.xml', create: () => createJunitReporter(), render: toJunitXml },
  {
    name: 'report.html',
    create: () => createHtmlReporter(),
    render: (report: RunReport) => renderHtmlReport({ report }),
  },
];

/** Feeds the report's scenarios to `reporter` one by one in `sequence` (indexes into the report), as a run would. */
async function feed(reporter: Reporter, report: RunReport, sequence: readonly number[]): Promise<string> {
  const outDir = path.join(directory, 'out');
  await reporter.onRunStart?.({ total: report.scenarios.length, repeat: 1, concurrency: 2, outDir });
  for (const order of sequence) {
    const result = report.scenarios[order];
    if (result !== undefined) await reporter.onScenarioEnd?.(result, { order });
  }
  // What the command line's runner hands over: the summary, no scenarios.
  await reporter.onRunEnd?.({ summary: report.summary, scenarios: [] });
  await reporter.close?.();
  return outDir;
}

describe('the file reporters, fed one result at a time', () => {
  for (const format of formats) {
    it(`${format.name}: the same bytes as the whole report rendered at once, whatever order results end in`, async () => {
      const report = sampleReport();
      const backwards = report.scenarios.map((_result, index) => index).reverse();

      const outDir = await feed(format.create(), report, backwards);

      expect(await readFile(path.join(outDir, format.name), 'utf8')).toBe(format.render(report));
    });

    it(`${format.name}: a run of no scenario writes the empty report`, async () => {
      const report: RunReport = { ...sampleReport(), scenarios: [] };

      const outDir = await feed(format.create(), report, []);

      expect(await readFile(path.join(outDir, format.name), 'utf8')).toBe(format.render(report));
    });

    it(`${format.name}: leaves no temporary file once the run ends, or once it is closed after a failed run`, async () => {
      const report = sampleReport();
      await feed(format.create(), report, [0, 1, 2]);
      expect(await readdir(path.join(directory, 'tmp'))).toEqual([]);

      const failedRun = format.create();
      await failedRun.onRunStart?.({
        total: 2,
        repeat: 1,
        concurrency: 1,
        outDir: path.join(directory, 'x'),
      });
      await failedRun.onScenarioEnd?.(report.scenarios[0]!, { order: 0 });
      expect(await readdir(path.join(directory, 'tmp'))).toHaveLength(1);
      await failedRun.close?.();
      expect(await readdir(path.join(directory, 'tmp'))).toEqual([]);

      // A scenario that ends after the run failed (it was already running) leaves nothing behind either.
      await failedRun.onScenarioEnd?.(report.scenarios[1]!, { order: 1 });
      expect(await readdir(path.join(directory, 'tmp'))).toEqual([]);
    });
  }

  it('a reporter given only the report renders its scenarios, as before results came one at a time', async () => {
    const report = sampleReport();
    const reporter = createJsonReporter();
    const outDir = path.join(directory, 'only-end');
    await reporter.onRunStart?.({ total: 6, repeat: 1, concurrency: 1, outDir });
    await reporter.onRunEnd?.(report);

    expect(await readFile(path.join(outDir, 'report.json'), 'utf8')).toBe(toJsonReportText(report));
  });
});
