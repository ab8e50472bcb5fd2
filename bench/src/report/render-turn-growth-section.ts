import type { TurnGrowthResult } from '../growth/measure-turn-growth.js';
import { formatBytes, formatDecimals, formatRatio } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';

/**
 * The long-turn or large-result table: a row per turn shape and contender, with the client's CPU per request and
 * its ratio to the hand-written loop's, and the fake LLM's CPU per request serving it and that ratio.
 */
export function renderTurnGrowthSection({
  results,
  shape,
}: {
  results: readonly TurnGrowthResult[];
  /** What tells the shapes apart in the first column. */
  shape: 'rounds' | 'result size';
}): string {
  const rows = results.flatMap((result) =>
    result.contenders.map((contender) => [
      shape === 'rounds' ? String(result.rounds) : formatBytes(result.toolOutputBytes),
      contender.label,
      formatDecimals({ value: contender.cpuPerRequestMs.median, digits: 3 }),
      formatRatio(contender.cpuOverHandWritten.median),
      `${formatRatio(contender.cpuOverHandWritten.min)}–${formatRatio(contender.cpuOverHandWritten.max)}`,
      formatDecimals({ value: contender.fakeCpuPerRequestMs.median, digits: 3 }),
      formatRatio(contender.fakeCpuOverHandWritten.median),
    ]),
  );
  const [first] = results;
  const runs = results.map((result) => `${result.runs}`).join(', ');
  const hasContextLimit = results.some((result) =>
    result.contenders.some((contender) => contender.id === 'toolloop-context-limit'),
  );
  return [
    (shape === 'rounds'
      ? 'Turns of each length, one trivial tool call a round, every request the whole conversation so far. '
      : `Turns of ${first?.rounds ?? 0} rounds whose every tool result is as large as shown, asked of ` +
        `\`${first?.model ?? ''}\` (a context of 1,000,000 tokens, which the longest request needs). `) +
      `Each contender's whole turn ${runs} times (by ${shape === 'rounds' ? 'length' : 'size'}) after ` +
      `${first?.warmupRuns ?? 0} warm-up runs, interleaved in a shuffled order; the fake LLM runs in a process of ` +
      "its own, so the client's CPU (user + system) is its own, and the fake's is read around each run. Ratios " +
      'are taken run by run against the hand-written loop on the bare SDK of the same round.' +
      (hasContextLimit
        ? ' `toolloop with contextLimit` has a limit far above the conversation: it sends the same requests, and ' +
          'pays for the check before each.'
        : ''),
    renderMarkdownTable({
      headers: [
        shape,
        'contender',
        'client CPU ms / request',
        '× hand-written (median)',
        '× hand-written (min–max)',
        'fake CPU ms / request',
        'fake × hand-written',
      ],
      rows,
    }),
  ].join('\n\n');
}
