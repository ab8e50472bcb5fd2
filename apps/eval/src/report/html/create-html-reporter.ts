import type { ReportPathStream } from '../create-file-reporter.js';
import { createStreamingFileReporter } from '../create-streaming-file-reporter.js';
import type { Reporter } from '../reporter.js';
import { renderHtmlReportPieces } from './render-html-report.js';
import { renderScenarioWithoutIndex } from './render-scenario.js';

/**
 * Writes `<outDir>/report.html` when the run ends: one self-contained page showing each scenario's turns as
 * timelines, for people who would rather look than read logs. With a `stream`, says there where it wrote it.
 * Each scenario is drawn as it ends and kept on disk until then.
 */
export function createHtmlReporter({
  title,
  stream,
}: { title?: string; stream?: ReportPathStream | undefined } = {}): Reporter {
  return createStreamingFileReporter({
    fileName: 'report.html',
    renderPart: (result) => {
      const { text, indexAt } = renderScenarioWithoutIndex(result);
      return { text, meta: { status: result.status, indexAt } };
    },
    assemble: (input) => renderHtmlReportPieces({ ...input, title }),
    stream,
  });
}
