/** Where JSON text stops being JSON, and why, as a person reads it: 1-based line and column. */
export interface JsonSyntaxProblem {
  line: number;
  column: number;
  /** The parser's reason, without its offset: `Expected ',' or '}' after property value`. */
  reason: string;
}

/**
 * The line and column at which `JSON.parse` refused `text`, and why. The parser names a character offset
 * (`at position 77`) for most faults; for the rest (`Unexpected token '}', "…" is not valid JSON`) the offset
 * is found as the end of the longest start of the text that is still JSON cut short.
 */
export function describeJsonSyntaxError({
  text,
  error,
}: {
  text: string;
  error: unknown;
}): JsonSyntaxProblem {
  const message = error instanceof Error ? error.message : String(error);
  const named = /\bat position (\d+)/u.exec(message)?.[1];
  const offset = named === undefined ? findFaultOffset(text) : Number(named);
  const reason = message
    .replace(/ in JSON at position \d+.*$/su, '')
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/su, '');
  return { ...toLineAndColumn({ text, offset }), reason };
}

/** The length of the longest start of `text` that JSON.parse reads without a fault before its end. */
function findFaultOffset(text: string): number {
  let clean = 0;
  let faulty = text.length;
  // Halving: a start is clean exactly when every shorter one is, so 25 parses find the fault in a file of 16 MiB.
  while (faulty - clean > 1) {
    const middle = Math.floor((clean + faulty) / 2);
    if (isCutShort(text.slice(0, middle))) clean = middle;
    else faulty = middle;
  }
  return isCutShort(text.slice(0, faulty)) ? faulty : clean;
}

/** Whether `start` is JSON, or JSON cut short: the parser's only complaint is about its end. */
function isCutShort(start: string): boolean {
  try {
    JSON.parse(start);
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const named = /\bat position (\d+)/u.exec(message)?.[1];
    return message.startsWith('Unexpected end of JSON input') || Number(named) === start.length;
  }
}

function toLineAndColumn({ text, offset }: { text: string; offset: number }): {
  line: number;
  column: number;
} {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
