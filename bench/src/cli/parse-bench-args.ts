import { parseArgs } from 'node:util';
import { benchmarkIds, type BenchOptions, type BenchmarkId } from './bench-options.js';

/** The usage text of `bench`, printed for `--help` and after a bad argument. */
export const benchUsage = `Usage: pnpm bench [--quick] [--json] [--only ${benchmarkIds.join(',')}] [--cpu-prof-dir DIR] [--docs | --no-docs]

  --quick          CI-sized runs (fewer repetitions, suites of 20 and 200 scenarios)
  --json           print one JSON document of all results to stdout, nothing else
  --only LIST      run only these benchmarks, comma-separated
  --cpu-prof-dir   write CPU profiles of the larger eval suite's runs to DIR
  --docs/--no-docs regenerate docs/BENCHMARKS.md (default: on a full run of everything without --json)`;

/**
 * Reads the command line of `bench`. Returns the options, or `{ error }` with what was wrong; `--help` is an
 * error with no message.
 */
export function parseBenchArgs(args: readonly string[]): { options: BenchOptions } | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args].filter((argument) => argument !== '--'),
      options: {
        quick: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        only: { type: 'string' },
        'cpu-prof-dir': { type: 'string' },
        docs: { type: 'boolean' },
        'no-docs': { type: 'boolean' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  if (parsed.help) return { error: '' };
  const only = parsed.only === undefined ? [...benchmarkIds] : parsed.only.split(',').map((id) => id.trim());
  const unknown = only.filter((id) => !isBenchmarkId(id));
  if (unknown.length > 0)
    return { error: `Unknown benchmark '${unknown.join("', '")}'. Known: ${benchmarkIds.join(', ')}.` };
  const selected = only.filter(isBenchmarkId);
  const everything = selected.length === benchmarkIds.length;
  return {
    options: {
      quick: parsed.quick,
      json: parsed.json,
      only: selected,
      cpuProfileDirectory: parsed['cpu-prof-dir'],
      writeDocs:
        parsed['no-docs'] === true ? false : (parsed.docs ?? (!parsed.quick && !parsed.json && everything)),
    },
  };
}

function isBenchmarkId(id: string): id is BenchmarkId {
  return (benchmarkIds as readonly string[]).includes(id);
}
