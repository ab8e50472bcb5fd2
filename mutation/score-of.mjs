// @ts-check

/**
 * @typedef {{ files: Record<string, { mutants: Array<{ status: string }> }> }} Report
 */

/**
 * The score of a report as docs/MUTATION.md counts it: mutants detected (killed or timed out) among those that
 * ran or could not be reached (survived, no coverage); compile and runtime errors and ignored ones left out.
 *
 * @param {Report} report
 */
export function scoreOf(report) {
  /** @type {Record<string, number>} */
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0 };
  for (const { mutants } of Object.values(report.files)) {
    for (const { status } of mutants) if (status in counts) counts[status] = (counts[status] ?? 0) + 1;
  }
  const { Killed = 0, Timeout = 0, Survived = 0, NoCoverage = 0 } = counts;
  const total = Killed + Timeout + Survived + NoCoverage;
  return {
    total,
    killed: Killed,
    timedOut: Timeout,
    survived: Survived,
    noCoverage: NoCoverage,
    score: (100 * (Killed + Timeout)) / total,
  };
}
