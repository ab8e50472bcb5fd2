#!/usr/bin/env node
// `pnpm bench`: runs the benchmarks and prints tables (or, with --json, one JSON document), and on a full run
// regenerates docs/BENCHMARKS.md. A thin shell over runBenchmarks and the report helpers.
import { fileURLToPath } from 'node:url';
import { benchUsage } from '../cli/parse-bench-args.js';
import { parseBenchArgs } from '../cli/parse-bench-args.js';
import { renderMachineSection } from '../report/render-machine-section.js';
import { renderResultSections } from '../report/render-result-sections.js';
import { writeBenchmarksDocs } from '../report/write-benchmarks-docs.js';
import { runBenchmarks } from '../run-benchmarks.js';

const docsDirectory = fileURLToPath(new URL('../../../docs/', import.meta.url));

const parsed = parseBenchArgs(process.argv.slice(2));
if ('error' in parsed) {
  process.stderr.write(`${parsed.error === '' ? '' : `${parsed.error}\n\n`}${benchUsage}\n`);
  process.exitCode = parsed.error === '' ? 0 : 2;
} else {
  const { options } = parsed;
  const results = await runBenchmarks({
    quick: options.quick,
    only: options.only,
    cpuProfileDirectory: options.cpuProfileDirectory,
    onProgress: (benchmark) => process.stderr.write(`bench: running ${benchmark}…\n`),
  });
  if (options.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else
    process.stdout.write(
      `# toolloop benchmarks${options.quick ? ' (--quick)' : ''}\n\n${renderMachineSection(results.machine)}\n\n` +
        `${renderResultSections({ results })}\n`,
    );
  for (const { benchmark, message } of results.failures)
    process.stderr.write(`bench: ${benchmark} failed: ${message}\n`);
  if (results.failures.length > 0) {
    process.exitCode = 1;
    if (options.writeDocs)
      process.stderr.write(
        'bench: docs/BENCHMARKS.md left as it was: a full run had benchmarks that failed.\n',
      );
  } else if (options.writeDocs) {
    const written = await writeBenchmarksDocs({ results, docsDirectory });
    process.stderr.write(`bench: wrote ${written.join(', ')}\n`);
  }
  if (results.goals.some((goal) => !goal.met))
    process.stderr.write('bench: some goals were missed (see Goals).\n');
}
