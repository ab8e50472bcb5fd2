// @ts-check

/**
 * @typedef {{ id: string; coveredBy?: string[]; killedBy?: string[]; status: string }} Mutant
 * @typedef {{ files: Record<string, { mutants: Mutant[] }>; testFiles?: Record<string, { tests: Array<{ id: string; name: string }> }> }} Report
 */

/**
 * The incremental results of a run over some of the files (`--mutate`) put together with those of the run before
 * it: the files the latest run mutated come from it, every other file still in the project keeps its results
 * from before, if `keep` says the file is still one the configuration mutates. Stryker numbers tests and mutants anew at each run, so the kept mutants' tests are renamed to the
 * latest run's numbers by their file and name (a test that no longer exists is dropped from them), and their own
 * ids are replaced by ones the latest run does not use.
 *
 * @param {{ previous: Report; latest: Report; keep: (file: string) => boolean }} options
 * @returns {Report}
 */
export function mergeIncremental({ previous, latest, keep }) {
  /** @type {Map<string, string>} */
  const latestIds = new Map();
  for (const [file, { tests }] of Object.entries(latest.testFiles ?? {})) {
    for (const test of tests) latestIds.set(`${file}\u0000${test.name}`, test.id);
  }
  /** @type {Map<string, string>} */
  const renamed = new Map();
  for (const [file, { tests }] of Object.entries(previous.testFiles ?? {})) {
    for (const test of tests) {
      const id = latestIds.get(`${file}\u0000${test.name}`);
      if (id !== undefined) renamed.set(test.id, id);
    }
  }
  /** @param {string[] | undefined} ids */
  const rename = (ids) => ids?.flatMap((id) => renamed.get(id) ?? []);
  // Stryker's ids are strings, not always numbers: a kept mutant gets the first number no latest mutant has.
  const taken = new Set(
    Object.values(latest.files).flatMap(({ mutants }) => mutants.map((mutant) => mutant.id)),
  );
  let counter = 0;
  const freeId = () => {
    while (taken.has(String(counter))) counter += 1;
    return String(counter++);
  };
  const files = { ...latest.files };
  for (const [file, entry] of Object.entries(previous.files)) {
    if (file in files || !keep(file)) continue;
    files[file] = {
      ...entry,
      mutants: entry.mutants.map((mutant) => ({
        ...mutant,
        id: freeId(),
        ...(mutant.coveredBy === undefined ? {} : { coveredBy: rename(mutant.coveredBy) }),
        ...(mutant.killedBy === undefined ? {} : { killedBy: rename(mutant.killedBy) }),
      })),
    };
  }
  return { ...latest, files };
}

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
