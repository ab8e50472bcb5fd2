#!/usr/bin/env node
// The eval benchmark's floor in a fresh process, as each suite measurement is:
// `node dist/bin/run-floor.js <count>` prints a FloorRun as JSON.
import { runFloorOnce } from '../eval-throughput/run-floor-once.js';

const [count] = process.argv.slice(2);
if (count === undefined) {
  process.stderr.write('Usage: run-floor <count>\n');
  process.exitCode = 2;
} else {
  const run = await runFloorOnce({ count: Number(count) });
  process.stdout.write(`${JSON.stringify(run)}\n`);
}
