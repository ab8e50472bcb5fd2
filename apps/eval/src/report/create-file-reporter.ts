import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Reporter } from './reporter.js';
import type { RunReport } from './run-report.js';

/**
 * A reporter that writes one file, `<outDir>/<fileName>`, when the run ends: what the JSON, JUnit and HTML
 * reporters share. `outDir` comes from `onRunStart`; the directory is created if missing.
 */
export function createFileReporter({
  fileName,
  render,
}: {
  fileName: string;
  render: (report: RunReport) => string;
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
      await mkdir(outDir, { recursive: true });
      await writeFile(path.join(outDir, fileName), render(report));
    },
  };
}
