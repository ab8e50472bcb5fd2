import type { JsonValue } from '@toolloop/core';
import { collapseUnchanged } from '../diff/collapse-unchanged.js';
import { diffValues } from '../diff/diff-values.js';
import { escapeHtml } from './escape-html.js';

/** An expected/actual diff as HTML: two labelled values, or a `-`/`+` line diff with unchanged runs folded. */
export function renderValueDiff({ expected, actual }: { expected: JsonValue; actual: JsonValue }): string {
  const diff = diffValues({ expected, actual });
  switch (diff.type) {
    case 'none':
      return '';
    case 'values':
      return `<dl class="values"><dt class="expected">Expected</dt><dd class="expected"><code>${escapeHtml(diff.expected)}</code></dd><dt class="actual">Actual</dt><dd class="actual"><code>${escapeHtml(diff.actual)}</code></dd></dl>`;
    case 'lines': {
      const lines = collapseUnchanged({ lines: diff.lines }).map((line) => {
        switch (line.type) {
          case 'equal':
            return `<span class="diff-line">  ${escapeHtml(line.text)}</span>`;
          case 'removed':
            return `<span class="diff-line diff-expected">- ${escapeHtml(line.text)}</span>`;
          case 'added':
            return `<span class="diff-line diff-actual">+ ${escapeHtml(line.text)}</span>`;
          case 'skipped':
            return `<span class="diff-line diff-skipped">  … ${line.count} unchanged lines</span>`;
          default: {
            const unknownLine: never = line;
            throw new Error(`Unknown diff line: ${JSON.stringify(unknownLine)}`);
          }
        }
      });
      return `<div class="diff"><div class="diff-legend"><span class="diff-expected">- Expected</span> <span class="diff-actual">+ Actual</span></div><pre>${lines.join('')}</pre></div>`;
    }
    default: {
      const unknownDiff: never = diff;
      throw new Error(`Unknown diff: ${JSON.stringify(unknownDiff)}`);
    }
  }
}
