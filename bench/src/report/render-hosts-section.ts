import type { HostsResult } from '../hosts/measure-hosts.js';
import { formatDecimals } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';

/**
 * The hosts section: the turn latency of each store and what Postgres adds pair by pair, then the hosts killed
 * under load (throughput, latency, kills, turns resumed) and the invariants checked after them.
 */
export function renderHostsSection({ storeLatency, underLoad }: HostsResult): string {
  const ms = (value: number) => formatDecimals({ value, digits: 2 });
  const { hosts, sessions, durationSeconds, killEverySeconds, resumed } = underLoad;
  return [
    `One process, no contention: \`SessionManager.sendMessage\` (a turn of one \`charge\` call, then an answer, ` +
      `from an in-process model) on a memory store and on a Postgres store (a real server on 127.0.0.1), one turn ` +
      `on each per round, the order alternating, ${storeLatency.runs} rounds after ${storeLatency.warmupRuns} ` +
      `warm-up turns each; the pairwise difference is what the store and its lease add per turn.`,
    renderMarkdownTable({
      headers: ['store', 'p50 ms', 'p99 ms', 'max ms'],
      rows: [
        ...storeLatency.stores.map(({ store, turnMs }) => [
          store,
          ms(turnMs.p50),
          ms(turnMs.p99),
          ms(turnMs.max),
        ]),
        ['postgres − memory, pair by pair', ms(storeLatency.addedMs.p50), ms(storeLatency.addedMs.p99), '—'],
      ],
    }),
    `${hosts} host processes, each a \`SessionManager\` over one Postgres schema (\`leaseTtlMs\` 1 s), send ` +
      `messages one after another to random sessions of ${sessions} for ${durationSeconds} s, while every ` +
      `${killEverySeconds} s a host, at random, is killed (SIGKILL) and started again; then the turns left under ` +
      `way are finished with \`continueTurnStream\`, and the transcripts, the \`charge\` runs and what the hosts ` +
      `acknowledged are checked.`,
    renderMarkdownTable({
      headers: ['hosts killed under load', 'value'],
      rows: [
        ['turns completed (whole turns in the transcripts)', String(underLoad.turnsCompleted)],
        [
          'turns per second, median host',
          formatDecimals({ value: underLoad.turnsPerSecond.perHostMedian, digits: 1 }),
        ],
        ['turns per second, all hosts', formatDecimals({ value: underLoad.turnsPerSecond.total, digits: 1 })],
        ['turn ms seen by the hosts, p50', ms(underLoad.turnMs.p50)],
        ['turn ms seen by the hosts, p99', ms(underLoad.turnMs.p99)],
        ['hosts killed and started again', String(underLoad.kills)],
        ['turns resumed after a kill (answered by another host)', String(resumed.total)],
        ['… of which finished by `continueTurnStream` at the end', String(resumed.byContinuation)],
        ['… of which charged on one host, answered by another', String(resumed.chargeElsewhere)],
        ['messages lost in flight, never saved (allowed)', String(underLoad.lostInFlight)],
      ],
    }),
    renderMarkdownTable({
      headers: ['invariant', 'result'],
      rows: underLoad.invariants.map(({ name, held, detail }) => [name, held ? 'held' : `broken: ${detail}`]),
    }),
  ].join('\n\n');
}
