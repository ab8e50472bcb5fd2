import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BenchResults } from '../bench-results.js';
import { extractFindings, renderBenchmarksDocument } from './render-benchmarks-document.js';
import { renderLoopOverheadSvg } from './render-loop-overhead-svg.js';

/** Where the chart goes, relative to docs/. */
const chartPath = 'benchmarks/loop-overhead.svg';

/**
 * Rewrites `docsDirectory`/BENCHMARKS.md from `results`, keeping its hand-written findings, and the loop
 * overhead chart beside it. Returns the paths written.
 */
export async function writeBenchmarksDocs({
  results,
  docsDirectory,
}: {
  results: BenchResults;
  docsDirectory: string;
}): Promise<string[]> {
  const documentPath = join(docsDirectory, 'BENCHMARKS.md');
  const previous = await readFile(documentPath, 'utf8').catch(() => undefined);
  const written = [documentPath];
  if (results.loopOverhead !== undefined) {
    const svgPath = join(docsDirectory, chartPath);
    await mkdir(dirname(svgPath), { recursive: true });
    await writeFile(svgPath, renderLoopOverheadSvg(results.loopOverhead));
    written.push(svgPath);
  }
  await mkdir(docsDirectory, { recursive: true });
  await writeFile(
    documentPath,
    renderBenchmarksDocument({ results, chartPath, findings: extractFindings(previous) }),
  );
  return written;
}
