#!/usr/bin/env node
// One eval throughput measurement in a fresh process, so that its peak memory is its own:
// `node dist/bin/run-suite.js <directory> <concurrency>` prints a SuiteRun as JSON.
import { runSuiteOnce } from '../eval-throughput/run-suite-once.js';

const [directory, concurrency] = process.argv.slice(2);
if (directory === undefined || concurrency === undefined) {
  process.stderr.write('Usage: run-suite <directory> <concurrency>\n');
  process.exitCode = 2;
} else {
  const run = await runSuiteOnce({ directory, concurrency: Number(concurrency) });
  process.stdout.write(`${JSON.stringify(run)}\n`);
}
