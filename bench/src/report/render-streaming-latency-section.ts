import type { StreamingLatencyResult } from '../streaming-latency/measure-streaming-latency.js';
import { renderMarkdownTable } from './render-markdown-table.js';
import { summaryCells } from './summary-cells.js';

/** The streaming latency table: from a text delta's bytes reaching the SDK to the caller's event. */
export function renderStreamingLatencySection(result: StreamingLatencyResult): string {
  return [
    `A text answer in ${result.deltasPerRun} deltas paced ${result.chunkDelayMs} ms apart, ${result.runs} runs. ` +
      'The fake LLM keeps no per-event send times, so each delta is timed from when its bytes came out of ' +
      "the SDK's `fetch` (a recording wrapper) to when the caller got the event: an upper bound on what the " +
      'library adds, loopback transfer excluded.',
    renderMarkdownTable({
      headers: ['reader', 'median ms', 'min ms', 'max ms', 'deltas'],
      rows: [
        [
          'toolloop `content` event',
          ...summaryCells({ summary: result.toolloop, digits: 3 }),
          String(result.toolloop.count),
        ],
        [
          'bare SDK `content_block_delta`',
          ...summaryCells({ summary: result.bareSdk, digits: 3 }),
          String(result.bareSdk.count),
        ],
      ],
    }),
  ].join('\n\n');
}
