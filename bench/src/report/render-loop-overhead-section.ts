import type { LoopOverheadResult } from '../loop-overhead/measure-loop-overhead.js';
import { formatDecimals, formatNumber, formatRatio } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';
import { ratioCells, summaryCells } from './summary-cells.js';

/** The loop overhead tables: each library's time per loop and its ratio to the floor, then toolloop over each peer. */
export function renderLoopOverheadSection(result: LoopOverheadResult): string {
  const times = renderMarkdownTable({
    headers: [
      'library',
      'median ms',
      'min ms',
      'max ms',
      'ms per request',
      '× floor (median)',
      '× floor (min)',
      '× floor (max)',
      'CPU ms (median)',
      'CPU × floor (median)',
    ],
    rows: result.contenders.map((contender) => [
      contender.label,
      ...summaryCells({ summary: contender.milliseconds }),
      formatDecimals({ value: contender.milliseconds.median / result.requests, digits: 2 }),
      ...ratioCells(contender.overFloor),
      formatNumber(contender.cpuMilliseconds.median),
      formatRatio(contender.cpuOverFloor.median),
    ]),
  });
  const peers = renderMarkdownTable({
    headers: ['pair (same round)', 'median', 'min', 'max'],
    rows: result.toolloopOverPeers.map((peer) => [`toolloop / ${peer.label}`, ...ratioCells(peer.ratio)]),
  });
  return [
    `A ${result.rounds}-round tool loop (${result.requests} streamed responses, one trivial tool per round); ` +
      `${result.warmupRuns} warm-up runs each, then ${result.runs} interleaved rounds. Ratios are taken per ` +
      'round (each contender over the floor of the same round) and then summarized. CPU is the whole ' +
      "process's user + system time during the run, the in-process fake LLM's share included.",
    times,
    peers,
  ].join('\n\n');
}
