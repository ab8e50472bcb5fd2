// @ts-check
import { readFile, writeFile } from 'node:fs/promises';

/** The statuses of mutants no test noticed: the ones a new test or scenario could kill. */
const undetected = new Set(['Survived', 'NoCoverage']);

/**
 * Writes one line per undetected mutant of a Stryker JSON report to `to`, sorted by file and position:
 * `file:line:column  status  mutator  replacement` (the replacement on one line, cut at 120 characters).
 * Returns how many it wrote.
 *
 * @param {{ report: string; to: string }} options
 * @returns {Promise<number>}
 */
export async function listUndetectedMutants({ report, to }) {
  /** @type {{ files: Record<string, { mutants: Array<{ mutatorName: string; replacement?: string; status: string; location: { start: { line: number; column: number } } }> }> }} */
  const parsed = JSON.parse(await readFile(report, 'utf8'));
  const lines = Object.entries(parsed.files)
    .sort(([left], [right]) => left.localeCompare(right))
    .flatMap(([file, { mutants }]) =>
      mutants
        .filter((mutant) => undetected.has(mutant.status))
        .sort(
          (left, right) =>
            left.location.start.line - right.location.start.line ||
            left.location.start.column - right.location.start.column,
        )
        .map((mutant) => {
          const { line, column } = mutant.location.start;
          const replacement = (mutant.replacement ?? '').replace(/\s+/gu, ' ').slice(0, 120);
          return `${file}:${line}:${column}  ${mutant.status}  ${mutant.mutatorName}  ${replacement}`;
        }),
    );
  await writeFile(to, lines.length === 0 ? '' : `${lines.join('\n')}\n`);
  return lines.length;
}
