/**
 * The name among `names` that `given` most likely misspells, or `undefined` when none is near: the same name in
 * another case or in snake_case (`max_rounds` for `maxRounds`), one that starts with it (`timeout` for
 * `timeoutMs`), or one a few typing slips away (a third of its length: `maxRound`, `sytem`, `modle`).
 */
export function findNearestName(given: string, names: readonly string[]): string | undefined {
  const wanted = normalize(given);
  let nearest: { name: string; distance: number } | undefined;
  for (const name of names) {
    const candidate = normalize(name);
    if (candidate === wanted) return name;
    const allowed = Math.max(1, Math.floor(candidate.length / 3));
    const difference = Math.abs(candidate.length - wanted.length);
    const isStart = wanted.length >= 4 && candidate.startsWith(wanted);
    // The slips are at least the difference in length (exactly, for a start): a name far longer or shorter is
    // not compared letter by letter, which also bounds the work for a long name.
    const distance = isStart ? difference : difference > allowed ? Infinity : countSlips(wanted, candidate);
    const isNear = isStart || distance <= allowed;
    if (isNear && (nearest === undefined || distance < nearest.distance)) nearest = { name, distance };
  }
  return nearest?.name;
}

/** Case and word separators do not count: `Max_Rounds`, `max-rounds` and `maxRounds` are one name. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}

/**
 * The fewest letters to insert, delete, replace or swap with the next one to turn `from` into `to` (the
 * optimal string alignment distance): a swap is one slip, as a typist makes it.
 */
function countSlips(from: string, to: string): number {
  const width = to.length + 1;
  // distances[row * width + column]: the slips between the first `row` letters of `from` and `column` of `to`.
  const distances = new Uint16Array((from.length + 1) * width);
  const at = (row: number, column: number) => distances[row * width + column] ?? 0;
  for (let row = 0; row <= from.length; row += 1) distances[row * width] = row;
  for (let column = 0; column <= to.length; column += 1) distances[column] = column;
  for (let row = 1; row <= from.length; row += 1) {
    for (let column = 1; column <= to.length; column += 1) {
      const replace = at(row - 1, column - 1) + (from[row - 1] === to[column - 1] ? 0 : 1);
      let best = Math.min(at(row - 1, column) + 1, at(row, column - 1) + 1, replace);
      const swapped =
        row > 1 && column > 1 && from[row - 1] === to[column - 2] && from[row - 2] === to[column - 1];
      if (swapped) best = Math.min(best, at(row - 2, column - 2) + 1);
      distances[row * width + column] = best;
    }
  }
  return at(from.length, to.length);
}
