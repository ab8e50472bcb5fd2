#!/usr/bin/env node
// One eval throughput measurement in a fresh process, so that its peak memory is its own:
// `node dist/bin/run-suite.js <directory> <workers>` prints a SuiteRun as JSON.
import { runSuiteOnce } from '../eval-throughput/run-suite-once.js';

const [directory, workers] = process.argv.slice(2);
if (directory === undefined || workers === undefined) {
  process.stderr.write('Usage: run-suite <directory> <workers>\n');
  process.exitCode = 2;
} else {
  const run = await runSuiteOnce({ directory, workers: Number(workers) });
  process.stdout.write(`${JSON.stringify(run)}\n`);
}
