import type { SessionTurnCostResult } from '../session-turn-cost/measure-session-turn-cost.js';
import { formatDecimals, formatRatio } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';

/** The session turn cost table: one `sendMessage` after a short and a long history, side by side, per store. */
export function renderSessionTurnCostSection(result: SessionTurnCostResult): string {
  const [short, long] = result.historyTurns;
  return [
    `\`SessionManager.sendMessage\` with an in-process model that answers at once, on a session stored with ` +
      `${short} and with ${long} earlier turns, ${result.runs} runs each: the loop, the chunks and the store's save.`,
    renderMarkdownTable({
      headers: [
        'store',
        `after ${short} turns: median ms`,
        `after ${long} turns: median ms`,
        `${long} ÷ ${short}`,
      ],
      rows: result.stores.map(({ store, milliseconds: [afterShort, afterLong] }) => [
        store,
        formatDecimals({ value: afterShort.median, digits: 2 }),
        formatDecimals({ value: afterLong.median, digits: 2 }),
        formatRatio(afterLong.median / afterShort.median),
      ]),
    }),
  ].join('\n\n');
}
