/**
 * A Markdown table with every column padded to its widest cell, as prettier formats one, so the generated
 * docs pass `prettier --check` and read well in a terminal.
 */
export function renderMarkdownTable({
  headers,
  rows,
}: {
  headers: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}): string {
  const widths = headers.map((header, column) =>
    Math.max(3, header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    `| ${widths.map((width, column) => (cells[column] ?? '').padEnd(width)).join(' | ')} |`;
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
