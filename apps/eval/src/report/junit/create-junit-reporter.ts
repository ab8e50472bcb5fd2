import type { ReportPathStream } from '../create-file-reporter.js';
import { createStreamingFileReporter } from '../create-streaming-file-reporter.js';
import type { Reporter } from '../reporter.js';
import { toJunitCase, toJunitFrame } from './to-junit-xml.js';

/**
 * Writes `<outDir>/junit.xml` when the run ends, for CI test views; with a `stream`, says there where. Each
 * scenario is rendered as it ends and kept on disk until then.
 */
export function createJunitReporter({ stream }: { stream?: ReportPathStream | undefined } = {}): Reporter {
  return createStreamingFileReporter({
    fileName: 'junit.xml',
    renderPart: (result) => {
      const { text, ...meta } = toJunitCase(result);
      return { text, meta };
    },
    async *assemble({ summary, parts, read }) {
      const lines = toJunitFrame({
        summary,
        cases: parts.map((part) => ({ ...part.meta, part })),
        caseText: ({ part }) => part,
      });
      for (const line of lines) yield `${typeof line === 'string' ? line : await read(line)}\n`;
    },
    stream,
  });
}
