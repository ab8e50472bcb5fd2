import type { EvalThroughputResult } from '../eval-throughput/measure-eval-throughput.js';
import { formatDecimals, formatNumber } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';
import { ratioCells, summaryCells } from './summary-cells.js';

/** The eval throughput tables: per suite size and workers, then the workers' speed-up, the growth and the marginal cost. */
export function renderEvalThroughputSection(result: EvalThroughputResult): string {
  const cells = renderMarkdownTable({
    headers: [
      'scenarios',
      'workers',
      'median s',
      'min s',
      'max s',
      'scenarios/s (median)',
      'peak RSS MB (median)',
      'peak RSS MB (max)',
    ],
    rows: result.cells.map((cell) => [
      String(cell.scenarios),
      String(cell.workers),
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
  const [fewer, more] = result.workers;
  const sizes = result.sizes.join(', ');
  const ratios = renderMarkdownTable({
    headers: ['ratio (pair by pair)', 'median', 'min', 'max'],
    rows: [
      ...result.workerSpeedup.map(({ scenarios, ratio }) => [
        `speed-up of ${more} workers over ${fewer}, ${scenarios} scenarios`,
        ...ratioCells(ratio),
      ]),
      ...result.growth.map(({ small, large, workers, ratio }) => [
        `time ${large} / time ${small}, ${workers} worker${workers === 1 ? '' : 's'}`,
        ...ratioCells(ratio),
      ]),
    ],
  });
  const marginal = renderMarkdownTable({
    headers: ['ms per scenario past the fixed start', 'median', 'min', 'max'],
    rows: result.marginalMs.map(({ small, large, workers, ms }) => [
      `(time ${large} − time ${small}) / ${large - small}, ${workers} worker${workers === 1 ? '' : 's'}`,
      ...summaryCells({ summary: ms, digits: 2 }),
    ]),
  });
  return [
    `Generated suites of ${sizes} scenarios (one mock MCP server with one tool; three model ` +
      `responses: two tool calls, then the answer) run by \`runScenarios\` in ${fewer} and ${more} worker ` +
      `processes (1: in the process itself) at a concurrency of as many, keeping no results (as the command ` +
      `line does), ${result.repetitions} repetitions, each measurement in a fresh Node process (peak RSS is the ` +
      "main process's `maxRSS`, baseline included; workers have their own).",
    cells,
    ratios,
    marginal,
  ].join('\n\n');
}
