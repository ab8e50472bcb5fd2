import { escapeLine } from './escape-control-characters.js';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Reporter } from './reporter.js';
import type { RunReport } from './run-report.js';

/** Where a file reporter says which file it wrote (`Wrote /path/to/report.json`); `process.stdout` fits. */
export interface ReportPathStream {
  write(text: string): unknown;
}

/**
 * A reporter that writes one file, `<outDir>/<fileName>`, when the run ends: what the JSON, JUnit and HTML
 * reporters share. `outDir` comes from `onRunStart`; the directory is created if missing. With a `stream`, it
 * then writes `Wrote <absolute path>` there, so a run with only file reporters still says where to look.
 */
export function createFileReporter({
  fileName,
  render,
  stream,
}: {
  fileName: string;
  render: (report: RunReport) => string;
  stream?: ReportPathStream | undefined;
}): Reporter {
  let outDir: string | undefined;
  return {
    onRunStart(info) {
      outDir = info.outDir;
    },
    async onRunEnd(report) {
      if (outDir === undefined) {
        throw new Error(
          `Cannot write ${fileName}: onRunEnd came before onRunStart, so the output directory is unknown.`,
        );
      }
      const file = path.resolve(outDir, fileName);
      await mkdir(outDir, { recursive: true });
      await writeFile(file, render(report));
      stream?.write(`Wrote ${escapeLine(file)}\n`);
    },
  };
}
