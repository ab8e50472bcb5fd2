import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiReports } from './api-report/create-api-reports.js';
import { listPublicEntries } from './api-report/list-public-entries.js';

// The API report: the public declarations of every entry of every published package, checked in under api/.
// A change to a public declaration fails here until the report is refreshed with `pnpm api:update` and the
// change is reviewed in its diff. Made from the built declarations: `pnpm test` builds first; alone, run
// `pnpm build`.

const workspaceRoot = join(import.meta.dirname, '..', '..');
const reportDirectory = join(workspaceRoot, 'api');
const entries = await listPublicEntries(workspaceRoot);
const reports = createApiReports(entries);

describe('the API report (refresh it with: pnpm api:update)', () => {
  it.each(entries.map(({ reportName, specifier }) => [reportName, specifier] as const))(
    'api/%s holds the public declarations of %s',
    async (reportName) => {
      await expect(reports.get(reportName)).toMatchFileSnapshot(join(reportDirectory, reportName));
    },
  );

  it('has no report for the internal entries, which promise nothing', () => {
    expect(
      entries.map(({ specifier }) => specifier).filter((specifier) => specifier.includes('/internal')),
    ).toEqual([]);
  });

  it('has no report for an entry that is gone (delete it)', async () => {
    const reportNames = new Set(entries.map((entry) => entry.reportName));
    const files = await readdir(reportDirectory).catch(() => []);

    expect(files.filter((file) => !reportNames.has(file))).toEqual([]);
  });
});
