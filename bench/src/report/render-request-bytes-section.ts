import type { RequestBytesResult } from '../request-bytes/measure-request-bytes.js';
import { formatDecimals, formatNumber } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';

/**
 * The request bytes table: per contender, the bytes its requests sent over the loop, the first request and the
 * later ones apart, and the share of each later request's input its answer read from the prompt cache.
 */
export function renderRequestBytesSection(result: RequestBytesResult): string {
  return [
    `The ${result.rounds}-round loop of the loop benchmark with a system prompt of about 2,300 tokens ` +
      '(claude-sonnet-4-6), once per contender against the fake LLM, which caches prompt prefixes and serves ' +
      'message threads as the Messages API does. Bytes are the request bodies as each client sent them; the ' +
      "cached share is what each answer's usage reported read from the cache, of all its input. The fake caches " +
      'no request with a thread (a thread keeps the conversation; how the API caches thread requests is not ' +
      'modelled), so the threaded contenders show none. Cache breakpoints are the `cache_control` fields ' +
      'of a request, which a thread request needs as much as any other: a thread saves sending the conversation, ' +
      'not reading it.',
    renderMarkdownTable({
      headers: [
        'contender',
        'requests',
        'bytes sent',
        'of which cache breakpoints',
        'first request',
        'later requests (mean)',
        'threaded',
        'cached share of later requests (min)',
      ],
      rows: result.contenders.map((contender) => {
        const [first = 0, ...later] = contender.bodyBytes;
        const laterShares = contender.cachedShare.slice(1);
        const total = sum(contender.bodyBytes);
        return [
          contender.label,
          String(contender.bodyBytes.length),
          formatDecimals({ value: total, digits: 0 }),
          formatDecimals({ value: sum(contender.breakpointBytes), digits: 0 }),
          formatDecimals({ value: first, digits: 0 }),
          later.length === 0
            ? '—'
            : formatDecimals({
                value: sum(later) / later.length,
                digits: 0,
              }),
          `${contender.threaded.filter(Boolean).length} of ${contender.threaded.length}`,
          laterShares.length === 0 ? '—' : `${formatNumber(100 * Math.min(...laterShares))} %`,
        ];
      }),
    }),
  ].join('\n\n');
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
