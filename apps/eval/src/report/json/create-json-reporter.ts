import { createFileReporter } from '../create-file-reporter.js';
import type { Reporter } from '../reporter.js';
import { toJsonReportText } from './to-json-report.js';

/** Writes `<outDir>/report.json` when the run ends, in the contract shape of SCENARIO-FORMAT.md. */
export function createJsonReporter(): Reporter {
  return createFileReporter({ fileName: 'report.json', render: toJsonReportText });
}
