import type { ReportPathStream } from '../create-file-reporter.js';
import { createStreamingFileReporter } from '../create-streaming-file-reporter.js';
import type { Reporter } from '../reporter.js';
import { toJsonReportPieces, toJsonScenarioText } from './to-json-report.js';

/**
 * Writes `<outDir>/report.json` when the run ends, in the shape docs/scenario-format.md describes; with a
 * `stream`, says there where it wrote it. Each scenario is rendered as it ends and kept on disk until then.
 */
export function createJsonReporter({ stream }: { stream?: ReportPathStream | undefined } = {}): Reporter {
  return createStreamingFileReporter({
    fileName: 'report.json',
    renderPart: (result) => ({ text: toJsonScenarioText(result), meta: undefined }),
    assemble: toJsonReportPieces,
    stream,
  });
}
