import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ReportMergeError, type ReportToMerge } from './merge-run-reports.js';

/** Reads each `report.json` (a path to one, or to a directory holding one), naming the one it cannot read. */
export async function readReportsToMerge({
  paths,
  cwd,
}: {
  paths: readonly string[];
  cwd: string;
}): Promise<ReportToMerge[]> {
  return Promise.all(
    paths.map(async (path) => {
      const given = resolve(cwd, path);
      const file =
        (await stat(given).catch(() => undefined))?.isDirectory() === true
          ? join(given, 'report.json')
          : given;
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
        throw new ReportMergeError(`cannot read ${file} (${reason}).`);
      }
      try {
        return { source: file, report: JSON.parse(text) as unknown };
      } catch (error) {
        throw new ReportMergeError(
          `${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }),
  );
}
