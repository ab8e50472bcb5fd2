import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BenchResults } from '../bench-results.js';
import { benchmarkIds } from '../cli/bench-options.js';
import { mergeBenchmarksDocument } from './merge-benchmarks-document.js';
import { extractFindings, renderBenchmarksDocument } from './render-benchmarks-document.js';
import { renderLoopOverheadSvg } from './render-loop-overhead-svg.js';

/** Where the chart goes, relative to docs/. */
const chartPath = 'benchmarks/loop-overhead.svg';

/**
 * Rewrites `docsDirectory`/BENCHMARKS.md from `results`, keeping its hand-written findings, and the loop
 * overhead chart beside it. After a run of some benchmarks only, only their sections are rewritten
 * (`mergeBenchmarksDocument`). Returns the paths written.
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
  const next = renderBenchmarksDocument({ results, chartPath, findings: extractFindings(previous) });
  const everything = benchmarkIds.every((id) => results.benchmarks.includes(id));
  await writeFile(
    documentPath,
    previous === undefined || everything
      ? next
      : mergeBenchmarksDocument({ previous, next, note: describePartialRun(results) }),
  );
  return written;
}

/** When and how a run of some benchmarks measured its sections, which stand apart from the full run's machine. */
function describePartialRun({ benchmarks, machine, quick }: BenchResults): string {
  const load = machine.loadAverage.map((value) => value.toFixed(2)).join(', ');
  return (
    `_Measured apart from the full run, by \`pnpm bench --only ${benchmarks.join(',')}${quick ? ' --quick' : ''} --docs\` ` +
    `on ${machine.date} (load average at its start: ${load})._`
  );
}
