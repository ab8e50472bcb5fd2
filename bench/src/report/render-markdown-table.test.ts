import { describe, expect, it } from 'vitest';
import { renderMarkdownTable } from './render-markdown-table.js';

describe('renderMarkdownTable', () => {
  it('pads every column to its widest cell, as prettier does', () => {
    expect(
      renderMarkdownTable({
        headers: ['a', 'median'],
        rows: [
          ['toolloop', '1.0'],
          ['x', '12.5'],
        ],
      }),
    ).toBe(`| a        | median |
| -------- | ------ |
| toolloop | 1.0    |
| x        | 12.5   |`);
  });
});
