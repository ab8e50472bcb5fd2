import { createFileReporter } from '../create-file-reporter.js';
import type { Reporter } from '../reporter.js';
import { toJunitXml } from './to-junit-xml.js';

/** Writes `<outDir>/junit.xml` when the run ends, for CI test views. */
export function createJunitReporter(): Reporter {
  return createFileReporter({ fileName: 'junit.xml', render: toJunitXml });
}
