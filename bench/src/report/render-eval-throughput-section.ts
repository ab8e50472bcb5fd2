import type { EvalThroughputResult } from '../eval-throughput/measure-eval-throughput.js';
import type { Summary } from '../stats/summarize.js';
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
        summary: toSeconds(cell.durationMs),
        digits: 2,
      }),
      formatNumber(cell.scenariosPerSecond.median),
      formatDecimals({ value: cell.peakRssMegabytes.median, digits: 0 }),
      formatDecimals({ value: cell.peakRssMegabytes.max, digits: 0 }),
    ]),
  });
  const [fewer, more] = result.workers;
  const { sideBySide } = result;
  const sizes = result.sizes.join(', ');
  const ratios = renderMarkdownTable({
    headers: ['ratio (pair by pair)', 'median', 'min', 'max'],
    rows: [
      ...result.workerSpeedup.map(({ scenarios, ratio }) => [
        `speed-up of ${more} workers over ${fewer}, ${scenarios} scenarios`,
        ...ratioCells(ratio),
      ]),
      [
        `${sideBySide.processes} independent processes, each with ${sideBySide.scenariosEach} scenarios, over ${fewer} worker${fewer === 1 ? '' : 's'} with ${sideBySide.scenarios}`,
        ...ratioCells(sideBySide.speedup),
      ],
      ...result.growth.map(({ small, large, workers, ratio }) => [
        `time ${large} / time ${small}, ${workers} worker${workers === 1 ? '' : 's'}`,
        ...ratioCells(ratio),
      ]),
    ],
  });
  const [small = 0, large = 0] = result.sizes;
  const marginal = renderMarkdownTable({
    headers: ['ms per scenario past the fixed start', 'median', 'min', 'max'],
    rows: [
      ...result.marginalMs.map(({ workers, ms }) => [
        `(time ${large} − time ${small}) / ${large - small}, ${workers} worker${workers === 1 ? '' : 's'}`,
        ...summaryCells({ summary: ms, digits: 2 }),
      ]),
      [
        `floor: the same for the bare SDK's three requests per scenario`,
        ...summaryCells({ summary: result.floor.marginalMs, digits: 2 }),
      ],
    ],
  });
  const overFloor = renderMarkdownTable({
    headers: ['ratio (pair by pair)', 'median', 'min', 'max'],
    rows: [
      [
        `ms per scenario in ${fewer} worker${fewer === 1 ? '' : 's'} / the floor's`,
        ...ratioCells(result.floor.marginalOverFloor),
      ],
    ],
  });
  const floorCells = renderMarkdownTable({
    headers: ['floor: scenarios', 'median s', 'min s', 'max s'],
    rows: result.floor.cells.map((cell) => [
      String(cell.scenarios),
      ...summaryCells({
        summary: toSeconds(cell.durationMs),
        digits: 2,
      }),
    ]),
  });
  return [
    `Generated suites of ${sizes} scenarios (one mock MCP server with one tool; three model ` +
      `responses: two tool calls, then the answer) run by \`runScenarios\` in ${fewer} and ${more} worker ` +
      `processes (1: in the process itself) at a concurrency of as many, keeping no results (as the command ` +
      `line does), ${result.repetitions} repetitions, each measurement in a fresh Node process (peak RSS is the ` +
      "main process's own peak, baseline included; workers have their own).",
    cells,
    `The independent processes are what the machine gives ${sideBySide.processes} processes with nothing ` +
      `between them: started together, each runs a suite of its own of ${sideBySide.scenariosEach} scenarios in ` +
      `one process (the share of ${sideBySide.scenarios} each worker gets), and the time is the longest of theirs ` +
      `(${formatDecimals({ value: sideBySide.durationMs.median / 1000, digits: 2 })} s at the median), each ` +
      "taken inside its process once its modules are loaded, as in the one-process runs (the workers' loading " +
      'is inside the times of the runs in workers). Workers do the same work, and start and report through the ' +
      'main process besides, so their speed-up is not expected above this one; each is one measurement a ' +
      'repetition, and a repetition of the workers can still come out above it.',
    ratios,
    "The floor is what a scenario costs when all the runner does is taken away: its turn's three streamed " +
      'requests, made with the bare Anthropic SDK against the same fake LLM in the same process and reached the ' +
      'same way (a `fetch` that hands each request to the fake), with no scenario file read, no MCP server, no ' +
      'loop and no checks; each size in a fresh process, every repetition.',
    floorCells,
    marginal,
    overFloor,
  ].join('\n\n');
}

/** A summary of milliseconds in seconds. */
function toSeconds(milliseconds: Summary): Summary {
  return {
    ...milliseconds,
    median: milliseconds.median / 1000,
    min: milliseconds.min / 1000,
    max: milliseconds.max / 1000,
  };
}
