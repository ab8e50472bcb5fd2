import type { TimeoutPrecisionResult } from '../timeout-precision/measure-timeout-precision.js';
import { renderMarkdownTable } from './render-markdown-table.js';
import { summaryCells } from './summary-cells.js';

/** The timeout precision table: how long after the deadline the turn ended, as the caller and as the loop saw it. */
export function renderTimeoutPrecisionSection(result: TimeoutPrecisionResult): string {
  return [
    `\`runToolLoop\` with \`timeoutMs: ${result.timeoutMs}\` and a tool that never settles and ignores its signal, ` +
      `${result.runs} runs. Overshoot = when \`result\` resolved − (call time + timeoutMs).`,
    renderMarkdownTable({
      headers: ['clock', 'median ms', 'min ms', 'max ms'],
      rows: [
        ['caller (performance.now)', ...summaryCells({ summary: result.overshootMs, digits: 2 })],
        [
          'loop (result.durationMs − timeoutMs)',
          ...summaryCells({ summary: result.reportedOvershootMs, digits: 0 }),
        ],
      ],
    }),
  ].join('\n\n');
}
