import type { ConcurrencyResult } from '../growth/measure-concurrency.js';
import { formatDecimals, formatRatio } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';

/** The concurrency row: each contender's CPU for a batch of concurrent turns, and its heap per turn in flight. */
export function renderConcurrencySection(result: ConcurrencyResult): string {
  return [
    `${result.turns} turns of ${result.rounds} rounds started at once, the fake LLM (in a process of its own) ` +
      `answering each request after ${result.delayMs} ms so that every turn is in flight together; ` +
      `${result.runs} batches each after ${result.warmupRuns} warm-up batch, interleaved. The heap figure is the ` +
      "peak of the client's heap during the batch over its size before it (after a collection), per turn.",
    renderMarkdownTable({
      headers: ['contender', 'client CPU ms (median)', '× hand-written', 'heap KB per turn in flight'],
      rows: result.contenders.map((contender) => [
        contender.label,
        formatDecimals({ value: contender.cpuMilliseconds.median, digits: 0 }),
        formatRatio(contender.cpuOverHandWritten.median),
        formatDecimals({ value: contender.heapPerTurnKilobytes.median, digits: 0 }),
      ]),
    }),
  ].join('\n\n');
}
