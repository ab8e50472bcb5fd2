import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSampleRunReport } from '../test-support/build-run-report.js';
import { parseXml } from '../test-support/parse-xml.js';
import { createJunitReporter } from './create-junit-reporter.js';

let outDir: string;
beforeEach(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'toolloop-junit-reporter-'));
});
afterEach(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('createJunitReporter', () => {
  it('writes a well-formed junit.xml into the output directory when the run ends', async () => {
    const reporter = createJunitReporter();
    await reporter.onRunStart?.({ total: 5, repeat: 1, concurrency: 1, outDir });
    await reporter.onRunEnd?.(buildSampleRunReport());

    const root = parseXml(await readFile(path.join(outDir, 'junit.xml'), 'utf8'));
    expect([root.name, root.attributes.tests, root.children.length]).toEqual(['testsuites', '5', 4]);
  });
});
