import { createFileReporter, type ReportPathStream } from '../create-file-reporter.js';
import type { Reporter } from '../reporter.js';
import { toJunitXml } from './to-junit-xml.js';

/** Writes `<outDir>/junit.xml` when the run ends, for CI test views; with a `stream`, says there where. */
export function createJunitReporter({ stream }: { stream?: ReportPathStream | undefined } = {}): Reporter {
  return createFileReporter({ fileName: 'junit.xml', render: toJunitXml, stream });
}
