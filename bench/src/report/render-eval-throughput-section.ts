import type { EvalThroughputResult } from '../eval-throughput/measure-eval-throughput.js';
import { formatDecimals, formatNumber } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';
import { ratioCells, summaryCells } from './summary-cells.js';

/** The eval throughput tables: per suite size and concurrency, then the concurrency speed-up and the growth. */
export function renderEvalThroughputSection(result: EvalThroughputResult): string {
  const cells = renderMarkdownTable({
    headers: [
      'scenarios',
      'concurrency',
      'median s',
      'min s',
      'max s',
      'scenarios/s (median)',
      'peak RSS MB (median)',
      'peak RSS MB (max)',
    ],
    rows: result.cells.map((cell) => [
      String(cell.scenarios),
      String(cell.concurrency),
      ...summaryCells({
        summary: {
          ...cell.durationMs,
          median: cell.durationMs.median / 1000,
          min: cell.durationMs.min / 1000,
          max: cell.durationMs.max / 1000,
        },
        digits: 2,
      }),
      formatNumber(cell.scenariosPerSecond.median),
      formatDecimals({ value: cell.peakRssMegabytes.median, digits: 0 }),
      formatDecimals({ value: cell.peakRssMegabytes.max, digits: 0 }),
    ]),
  });
  const [low, high] = result.concurrencies;
  const [small, large] = result.sizes;
  const ratios = renderMarkdownTable({
    headers: ['ratio (pair by pair)', 'median', 'min', 'max'],
    rows: [
      ...result.concurrencySpeedup.map(({ scenarios, ratio }) => [
        `speed-up c${high} over c${low}, ${scenarios} scenarios`,
        ...ratioCells(ratio),
      ]),
      ...result.growth.map(({ concurrency, ratio }) => [
        `time ${large} / time ${small}, concurrency ${concurrency}`,
        ...ratioCells(ratio),
      ]),
    ],
  });
  return [
    `Generated suites of ${small} and ${large} scenarios (one mock MCP server with one tool; three model ` +
      `responses: two tool calls, then the answer) run by \`runScenarios\` at concurrency ${low} and ${high}, ` +
      `${result.repetitions} repetitions, each measurement in a fresh Node process (peak RSS is that process's ` +
      '`maxRSS`, baseline included).',
    cells,
    ratios,
  ].join('\n\n');
}
