import type { CliStartResult } from '../cli-start/measure-cli-start.js';
import { formatDecimals, formatRatio } from './format-number.js';
import { renderMarkdownTable } from './render-markdown-table.js';

/** The start table: each command's CPU and peak memory, and its CPU over `vitest --version`'s, pair by pair. */
export function renderCliStartSection(result: CliStartResult): string {
  return [
    `Each command a process of its own, run ${result.runs} times, interleaved in a shuffled order each round; CPU is ` +
      "the process's user + system time from its start to its exit, startup included. `list` and `validate` read " +
      `\`${result.scenarios}\`.`,
    renderMarkdownTable({
      headers: ['command', 'CPU ms (median)', 'peak RSS MB', 'CPU over vitest --version'],
      rows: result.commands.map((command) => [
        `\`${command.command}\``,
        formatDecimals({ value: command.cpuMilliseconds.median, digits: 0 }),
        formatDecimals({ value: command.peakRssMegabytes.median, digits: 0 }),
        command.id === 'vitest-version' ? '(reference)' : formatRatio(command.overReference.median),
      ]),
    }),
  ].join('\n\n');
}
