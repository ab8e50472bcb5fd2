import { createFileReporter, type ReportPathStream } from '../create-file-reporter.js';
import type { Reporter } from '../reporter.js';
import { renderHtmlReport } from './render-html-report.js';

/**
 * Writes `<outDir>/report.html` when the run ends: one self-contained page showing each scenario's turns as
 * timelines, for people who would rather look than read logs. With a `stream`, says there where it wrote it.
 */
export function createHtmlReporter({
  title,
  stream,
}: { title?: string; stream?: ReportPathStream | undefined } = {}): Reporter {
  return createFileReporter({
    fileName: 'report.html',
    render: (report) => renderHtmlReport({ report, title }),
    stream,
  });
}
