import type { XmlEarlyStopCase, XmlEarlyStopResult } from '../xml-early-stop/measure-xml-early-stop.js';
import { formatDecimals, formatNumber } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';

/** The XML early stop table: bytes sent after the second tool block began, with the early stop and without. */
export function renderXmlEarlyStopSection(result: XmlEarlyStopResult): string {
  const row = (label: string, entry: XmlEarlyStopCase): string[] => [
    label,
    formatDecimals({ value: entry.bytesSentAfterSecondBlock.median, digits: 0 }),
    formatDecimals({ value: entry.bytesSentAfterSecondBlock.max, digits: 0 }),
    formatDecimals({ value: entry.bytesPlannedAfterSecondBlock.median, digits: 0 }),
    `${formatNumber(100 * entry.shareSent.median)} %`,
    formatDecimals({ value: entry.bytesSent.median, digits: 0 }),
    formatNumber(entry.responseMs.median),
  ];
  return [
    'A text-only model (chat completions, `toolFormat: xml`) writes two tool blocks in one response, paced ' +
      `${result.chunkDelayMs} ms per chunk, ${result.runs} runs. Bytes are the fake LLM's stream record ` +
      '(`xmlToolBlocks`). Response ms: with the early stop, until the first tool starts; read to the end, ' +
      'until the stream is drained.',
    renderMarkdownTable({
      headers: [
        'reading',
        'bytes after 2nd block (median)',
        '(max)',
        'planned (median)',
        'share sent (median)',
        'response bytes',
        'response ms',
      ],
      rows: [
        row('withXmlTools (early stop)', result.earlyStop),
        row('read to the end (no early stop)', result.readToEnd),
      ],
    }),
  ].join('\n\n');
}
