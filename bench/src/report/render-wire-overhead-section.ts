import type { WireOverheadResult } from '../wire-overhead/measure-wire-overhead.js';
import { renderMarkdownTable } from './render-markdown-table.js';
import { ratioCells } from './summary-cells.js';

/**
 * The wire overhead table: per wire, toolloop's CPU and wall time over the floor's (a loop written by hand on
 * the wire's official SDK), each the median, min and max of the ratios taken round by round.
 */
export function renderWireOverheadSection(result: WireOverheadResult): string {
  const table = renderMarkdownTable({
    headers: [
      'wire (official SDK)',
      'CPU × floor (median)',
      'CPU × floor (min)',
      'CPU × floor (max)',
      'wall × floor (median)',
      'wall × floor (min)',
      'wall × floor (max)',
      'rounds',
    ],
    rows: result.wires.map((wire) => [
      wire.label,
      ...ratioCells(wire.cpuRatio),
      ...ratioCells(wire.wallRatio),
      String(wire.cpuRatio.count),
    ]),
  });
  return [
    `On each wire, the same ${result.rounds}-round tool loop (${result.requests} streamed responses, one trivial ` +
      'tool per round, the same script steps on every wire) run two ways against one served fake LLM: the ' +
      "floor, the least loop a user writes by hand on the wire's official SDK (stream each response, read the " +
      "tool call, append the call and its result in the wire's own format, send again; on Anthropic's wire it " +
      "is the loop benchmark's loop on the bare SDK), and toolloop, `runToolLoop` with the wire's provider. All " +
      `twelve contenders run ${result.warmupRuns} warm-up runs each, then ${result.runs} rounds in an order ` +
      'shuffled each round. Each figure is toolloop over the floor of the same wire in the same round, then ' +
      "summarized; CPU is the whole process's user + system time during a run, the in-process fake LLM's share " +
      "included in both, so a ratio understates toolloop's own share of the work. No goal is set: the ratios " +
      "say what toolloop costs over each SDK, and where a provider's request building or stream parsing is " +
      "heavier than another wire's. A violation seen by the fake fails the benchmark.",
    table,
  ].join('\n\n');
}
