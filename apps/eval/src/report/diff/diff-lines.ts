/** One line of a line diff: in both sides, only in the expected side, or only in the actual side. */
export interface DiffLine {
  type: 'equal' | 'removed' | 'added';
  text: string;
}

// Past this many cells the LCS table costs more than a readable diff is worth; the middle is shown replaced.
const maxTableCells = 4_000_000;

/**
 * A line diff from `expected` to `actual` (longest common subsequence, common ends trimmed first).
 * `removed` lines are only expected, `added` lines only actual.
 */
export function diffLines({ expected, actual }: { expected: string[]; actual: string[] }): DiffLine[] {
  let start = 0;
  while (start < expected.length && start < actual.length && expected[start] === actual[start]) start++;
  let expectedEnd = expected.length;
  let actualEnd = actual.length;
  while (expectedEnd > start && actualEnd > start && expected[expectedEnd - 1] === actual[actualEnd - 1]) {
    expectedEnd--;
    actualEnd--;
  }
  const equal = (text: string): DiffLine => ({ type: 'equal', text });
  return [
    ...expected.slice(0, start).map(equal),
    ...diffMiddle(expected.slice(start, expectedEnd), actual.slice(start, actualEnd)),
    ...expected.slice(expectedEnd).map(equal),
  ];
}

function diffMiddle(expected: string[], actual: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ type: 'removed', text });
  const added = (text: string): DiffLine => ({ type: 'added', text });
  if (expected.length === 0 || actual.length === 0 || expected.length * actual.length > maxTableCells) {
    return [...expected.map(removed), ...actual.map(added)];
  }
  // lengths[i][j]: the LCS length of expected[i..] and actual[j..], in one flat array.
  const width = actual.length + 1;
  const lengths = new Uint32Array((expected.length + 1) * width);
  for (let i = expected.length - 1; i >= 0; i--) {
    for (let j = actual.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        expected[i] === actual[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < expected.length && j < actual.length) {
    const expectedLine = expected[i] ?? '';
    const actualLine = actual[j] ?? '';
    if (expectedLine === actualLine) {
      lines.push({ type: 'equal', text: expectedLine });
      i++;
      j++;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      lines.push(removed(expectedLine));
      i++;
    } else {
      lines.push(added(actualLine));
      j++;
    }
  }
  return [...lines, ...expected.slice(i).map(removed), ...actual.slice(j).map(added)];
}
