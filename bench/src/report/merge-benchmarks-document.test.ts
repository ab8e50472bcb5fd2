import { describe, expect, it } from 'vitest';
import { mergeBenchmarksDocument } from './merge-benchmarks-document.js';

const previous = [
  '# Benchmarks\n\nOld preamble.\n\n',
  '## Commands\n\nold commands\n\n',
  '## Machine\n\nthe full run\n\n',
  '## Loop overhead\n\nold loop\n\n',
  '## Eval throughput\n\nold eval\n\n',
  '## Goals\n\nold goals\n\n',
  '## Findings\n\n### Loop\n\nkept\n',
].join('');

describe('mergeBenchmarksDocument', () => {
  it("replaces the run benchmarks' sections, noted, and keeps the others, with the full run's machine and goals", () => {
    const next = [
      '# Benchmarks\n\nNew preamble.\n\n',
      '## Commands\n\nnew commands\n\n',
      '## Machine\n\na partial run\n\n',
      '## Loop overhead\n\nnew loop\n\n',
      '## Goals\n\nnew goals\n\n',
      '## Findings\n\n### Loop\n\nkept\n',
    ].join('');
    expect(mergeBenchmarksDocument({ previous, next, note: '_Measured apart._' })).toBe(
      [
        '# Benchmarks\n\nNew preamble.\n\n',
        '## Commands\n\nnew commands\n\n',
        '## Machine\n\nthe full run\n\n',
        '## Loop overhead\n\n_Measured apart._\n\nnew loop\n\n',
        '## Eval throughput\n\nold eval\n\n',
        '## Goals\n\nold goals\n\n',
        '## Findings\n\n### Loop\n\nkept\n',
      ].join(''),
    );
  });

  it('puts a section the document did not have before its goals', () => {
    const next = '# Benchmarks\n\n## Wire overhead\n\nnew wires\n\n## Findings\n\n### Loop\n\nkept\n';
    expect(mergeBenchmarksDocument({ previous, next, note: '_Measured apart._' })).toContain(
      '## Eval throughput\n\nold eval\n\n## Wire overhead\n\n_Measured apart._\n\nnew wires\n\n## Goals\n\nold goals\n\n',
    );
  });
});
