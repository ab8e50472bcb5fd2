import { createFileReporter, type ReportPathStream } from '../create-file-reporter.js';
import type { Reporter } from '../reporter.js';
import { toJsonReportText } from './to-json-report.js';

/**
 * Writes `<outDir>/report.json` when the run ends, in the shape docs/scenario-format.md describes; with a
 * `stream`, says there where it wrote it.
 */
export function createJsonReporter({ stream }: { stream?: ReportPathStream | undefined } = {}): Reporter {
  return createFileReporter({ fileName: 'report.json', render: toJsonReportText, stream });
}
