import type { TurnSetupResult } from '../growth/measure-turn-setup.js';
import { formatDecimals } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';

/** The setup table: each contender's time from the call that starts a turn to its first request's fetch. */
export function renderTurnSetupSection(result: TurnSetupResult): string {
  const ms = (value: number) => formatDecimals({ value, digits: 3 });
  return [
    'The time from the call that starts a one-request turn to the moment its request reaches `fetch`, the model ' +
      `or client made beforehand; ${result.runs} runs each after ${result.warmupRuns} warm-up runs, contenders ` +
      'in turn. The difference to the bare SDK is taken run by run.',
    renderMarkdownTable({
      headers: ['contender', 'ms (median)', 'ms (min)', 'ms (max)', '− bare SDK, ms (median)'],
      rows: result.contenders.map((contender) => [
        contender.label,
        ms(contender.setupMs.median),
        ms(contender.setupMs.min),
        ms(contender.setupMs.max),
        contender.id === 'bare-sdk' ? '(reference)' : ms(contender.overBareSdkMs.median),
      ]),
    }),
  ].join('\n\n');
}
