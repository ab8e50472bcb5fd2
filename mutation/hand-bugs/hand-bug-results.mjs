// @ts-check
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * @typedef {import('./read-vitest-report.mjs').Measure} Measure
 * @typedef {{ id: string; area: string; package: string; description: string }} Bug
 * @typedef {Bug & { scenarios?: Measure; unit?: Measure; applied: boolean; ranAt: string }} BugResult
 */

/**
 * This run's results with those of earlier runs (kept in `resultsFile`) for bugs this one did not run and that
 * are still listed, in the order of the list.
 * @param {{ latest: BugResult[]; resultsFile: string; listed: Bug[] }} options
 * @returns {Promise<BugResult[]>}
 */
export async function mergeResults({ latest, resultsFile, listed }) {
  /** @type {BugResult[]} */
  const previous = existsSync(resultsFile)
    ? (JSON.parse(await readFile(resultsFile, 'utf8')).bugs ?? [])
    : [];
  const ran = new Set(latest.map((result) => result.id));
  const order = new Map(listed.map((bug, index) => [bug.id, index]));
  const kept = previous.filter((result) => !ran.has(result.id) && order.has(result.id));
  return [...kept, ...latest].sort(
    (first, second) => (order.get(first.id) ?? 0) - (order.get(second.id) ?? 0),
  );
}

/** One bug's line of progress. @param {BugResult} result */
export function describeResult(result) {
  if (!result.applied) return `${result.id}: the patch does not apply`;
  /** @param {Measure | undefined} measure */
  const show = (measure) =>
    measure === undefined
      ? 'not run'
      : `${measure.caught ? 'yes' : 'no'}${measure.outcome === 'timeout' ? ' (hung: timed out)' : measure.outcome === 'error' ? ' (error)' : measure.outcome === 'failed' ? ` (${measure.failures.length} failed)` : ''} ${measure.seconds} s`;
  return `${result.id}: scenarios ${show(result.scenarios)}; unit tests ${show(result.unit)}`;
}

/**
 * Rows per area and "all"; columns: caught by the scenario suite, by the package's unit tests (of the bugs each
 * measured).
 * @param {BugResult[]} rows
 */
export function formatTable(rows) {
  const applied = rows.filter((row) => row.applied);
  const areas = [...new Set(applied.map((row) => row.area))];
  /** @param {BugResult[]} group @param {'scenarios' | 'unit'} measure */
  const cell = (group, measure) => {
    const measured = group.filter((row) => row[measure] !== undefined);
    if (measured.length === 0) return '-';
    const caught = measured.filter((row) => row[measure]?.caught === true).length;
    const of = measured.length === group.length ? '' : ` of ${measured.length}`;
    return `${caught}${of} (${Math.round((100 * caught) / measured.length)}%)`;
  };
  const table = [
    ['area', 'bugs', 'caught by the scenario suite', "caught by the package's unit tests"],
    ...areas.map((area) => {
      const group = applied.filter((row) => row.area === area);
      return [area, String(group.length), cell(group, 'scenarios'), cell(group, 'unit')];
    }),
    ['all', String(applied.length), cell(applied, 'scenarios'), cell(applied, 'unit')],
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  return table
    .map((row) =>
      row
        .map((text, column) => (column === 0 ? text.padEnd(widths[column]) : text.padStart(widths[column])))
        .join('  '),
    )
    .join('\n');
}
